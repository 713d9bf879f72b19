package ui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"coview/api"
	"coview/present"
)

// Styles is every style the browser draws with, built in one place for a
// light or dark background. Colours are written at full fidelity; Bubble
// Tea lowers them to what the terminal can show and drops them entirely
// under NO_COLOR, so nothing may depend on colour alone: statuses are
// words, warnings carry a "!" and the selected row a "▸".
type Styles struct {
	Title    lipgloss.Style // the company name
	Meta     lipgloss.Style // number and type next to it
	Badge    map[api.StatusClass]lipgloss.Style
	Crumb    lipgloss.Style
	Tab      lipgloss.Style
	TabOn    lipgloss.Style
	Rule     lipgloss.Style
	Label    lipgloss.Style
	Value    lipgloss.Style
	Warning  lipgloss.Style
	Quiet    lipgloss.Style
	Good     lipgloss.Style
	Selected lipgloss.Style // the row under the cursor
	Head     lipgloss.Style // column headings
	Refused  lipgloss.Style
	ErrTitle lipgloss.Style
	ErrText  lipgloss.Style
	ErrBar   lipgloss.Style
	Note     lipgloss.Style // transient messages in the footer
	Spinner  lipgloss.Style
	Help     help.Styles
	Input    textinput.Styles
	Heading  lipgloss.Style // titles on the key and home screens
	URL      lipgloss.Style

	rows inks
}

// NewStyles builds the styles for a dark or light terminal background.
func NewStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	var (
		fg      = ld(lipgloss.Color("#1F2328"), lipgloss.Color("#E6EDF3"))
		faint   = ld(lipgloss.Color("#6E7781"), lipgloss.Color("#8B949E"))
		accent  = ld(lipgloss.Color("#0969DA"), lipgloss.Color("#58A6FF"))
		green   = ld(lipgloss.Color("#1A7F37"), lipgloss.Color("#3FB950"))
		amber   = ld(lipgloss.Color("#9A6700"), lipgloss.Color("#D29922"))
		red     = ld(lipgloss.Color("#CF222E"), lipgloss.Color("#F85149"))
		grey    = ld(lipgloss.Color("#57606A"), lipgloss.Color("#6E7681"))
		selBg   = ld(lipgloss.Color("#DDF4FF"), lipgloss.Color("#1F3A5F"))
		onBadge = lipgloss.Color("#FFFFFF")
	)
	badge := func(bg color.Color) lipgloss.Style {
		return lipgloss.NewStyle().Bold(true).Padding(0, 1).Foreground(onBadge).Background(bg)
	}
	s := Styles{
		Title: lipgloss.NewStyle().Bold(true).Foreground(fg),
		Meta:  lipgloss.NewStyle().Foreground(faint),
		Badge: map[api.StatusClass]lipgloss.Style{
			api.ClassActive:     badge(green),
			api.ClassDissolved:  badge(grey),
			api.ClassInsolvency: badge(amber),
			api.ClassOther:      badge(accent),
		},
		Crumb:    lipgloss.NewStyle().Foreground(faint),
		Tab:      lipgloss.NewStyle().Foreground(faint).Padding(0, 1),
		TabOn:    lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true).Padding(0, 1),
		Rule:     lipgloss.NewStyle().Foreground(faint),
		Label:    lipgloss.NewStyle().Foreground(faint),
		Value:    lipgloss.NewStyle().Foreground(fg),
		Warning:  lipgloss.NewStyle().Bold(true).Foreground(amber),
		Quiet:    lipgloss.NewStyle().Foreground(faint),
		Good:     lipgloss.NewStyle().Foreground(green),
		Selected: lipgloss.NewStyle().Bold(true).Background(selBg),
		Head:     lipgloss.NewStyle().Bold(true).Foreground(faint),
		Refused:  lipgloss.NewStyle().Foreground(red),
		ErrTitle: lipgloss.NewStyle().Bold(true).Foreground(red),
		ErrText:  lipgloss.NewStyle().Foreground(fg),
		ErrBar:   lipgloss.NewStyle().Foreground(red),
		Note:     lipgloss.NewStyle().Foreground(accent),
		Spinner:  lipgloss.NewStyle().Foreground(accent),
		Help:     help.DefaultStyles(isDark),
		Input:    textinput.DefaultStyles(isDark),
		Heading:  lipgloss.NewStyle().Bold(true).Foreground(accent),
		URL:      lipgloss.NewStyle().Underline(true).Foreground(accent),
	}
	// bubbles' own help greys (#626262 keys, #4A4A4A descriptions on a
	// dark background) are hard to read; keys take the text colour and
	// descriptions the faint one used everywhere else.
	keyStyle := lipgloss.NewStyle().Foreground(fg)
	descStyle := lipgloss.NewStyle().Foreground(faint)
	sepStyle := lipgloss.NewStyle().Foreground(grey)
	s.Help.ShortKey, s.Help.FullKey = keyStyle, keyStyle
	s.Help.ShortDesc, s.Help.FullDesc = descStyle, descStyle
	s.Help.ShortSeparator, s.Help.FullSeparator, s.Help.Ellipsis = sepStyle, sepStyle, sepStyle
	s.Input.Focused.Prompt = lipgloss.NewStyle().Bold(true).Foreground(accent)
	s.Input.Blurred.Prompt = lipgloss.NewStyle().Foreground(faint)
	s.rows = inks{value: inkOf(s.Value), quiet: inkOf(s.Quiet), selected: inkOf(s.Selected), refused: inkOf(s.Refused),
		note: inkOf(s.Note), label: inkOf(s.Label), warning: inkOf(s.Warning), good: inkOf(s.Good),
		match:     inkOf(lipgloss.NewStyle().Bold(true).Underline(true).Foreground(accent)),
		active:    inkOf(lipgloss.NewStyle().Foreground(green)),
		closed:    inkOf(lipgloss.NewStyle().Foreground(grey)),
		insolvent: inkOf(lipgloss.NewStyle().Foreground(amber)),
		other:     inkOf(lipgloss.NewStyle().Foreground(accent))}
	// A blinking cursor redraws the screen twice a second for nothing.
	s.Input.Cursor.Blink = false
	return s
}

// ink is a simple style reduced to the escape sequences around a text,
// for the rows drawn many times a frame: Style.Render measures and parses
// every string it is given, which costs more than the rest of a row.
type ink struct{ pre, post string }

func inkOf(s lipgloss.Style) ink {
	r := s.Render("x")
	i := strings.IndexByte(r, 'x')
	return ink{r[:i], r[i+1:]}
}

func (k ink) paint(text string) string { return k.pre + text + k.post }

// inks are the row styles, prepared once.
type inks struct {
	value, quiet, selected, refused, note, label, warning, good ink
	// For the accented parts of a row: a search match, a status by class.
	match, active, closed, insolvent, other ink
}

// accent is the ink for an accented part of a row.
func (k inks) accent(a present.AccentKind) ink {
	switch a {
	case present.Match:
		return k.match
	case present.StatusActive:
		return k.active
	case present.StatusClosed:
		return k.closed
	case present.StatusInsolvent:
		return k.insolvent
	}
	return k.other
}

// tone is the ink for a pane row's tone.
func (s Styles) tone(t present.Tone) ink {
	switch t {
	case present.Warning:
		return s.rows.warning
	case present.Quiet:
		return s.rows.quiet
	case present.Good:
		return s.rows.good
	}
	return s.rows.value
}
