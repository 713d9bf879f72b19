package common

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
	Meta     lipgloss.Style // number and type next to it, the breadcrumb, the rule
	Badge    map[api.StatusClass]lipgloss.Style
	Tabs     TabStyles
	Label    lipgloss.Style
	Value    lipgloss.Style
	Warning  lipgloss.Style
	Quiet    lipgloss.Style
	Good     lipgloss.Style
	Selected lipgloss.Style // the row under the cursor
	Head     lipgloss.Style // column headings
	Err      ErrStyles
	Note     lipgloss.Style // transient messages in the footer
	Spinner  lipgloss.Style
	Help     help.Styles
	Input    textinput.Styles
	Heading  lipgloss.Style // titles on the key and home screens
	URL      lipgloss.Style

	Rows Inks
}

// TabStyles draw a row of tabs: the one shown, and the others.
type TabStyles struct{ Off, On lipgloss.Style }

// ErrStyles draw what went wrong: a request's failure above the page, a
// link refused.
type ErrStyles struct{ Title, Text, Bar, Refused lipgloss.Style }

// NewStyles builds the styles for a dark or light terminal background.
func NewStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	var (
		fg     = ld(lipgloss.Color("#1F2328"), lipgloss.Color("#E6EDF3"))
		faint  = ld(lipgloss.Color("#6E7781"), lipgloss.Color("#8B949E"))
		accent = ld(lipgloss.Color("#0969DA"), lipgloss.Color("#58A6FF"))
		green  = ld(lipgloss.Color("#1A7F37"), lipgloss.Color("#3FB950"))
		amber  = ld(lipgloss.Color("#9A6700"), lipgloss.Color("#D29922"))
		red    = ld(lipgloss.Color("#CF222E"), lipgloss.Color("#F85149"))
		grey   = ld(lipgloss.Color("#57606A"), lipgloss.Color("#7D8590"))
		selBg  = ld(lipgloss.Color("#DDF4FF"), lipgloss.Color("#1F3A5F"))
	)
	s := Styles{
		Title: lipgloss.NewStyle().Bold(true).Foreground(fg),
		Meta:  lipgloss.NewStyle().Foreground(faint),
		Badge: badges(ld),
		Tabs: TabStyles{
			Off: lipgloss.NewStyle().Foreground(faint).Padding(0, 1),
			On:  lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true).Padding(0, 1),
		},
		Label:    lipgloss.NewStyle().Foreground(faint),
		Value:    lipgloss.NewStyle().Foreground(fg),
		Warning:  lipgloss.NewStyle().Bold(true).Foreground(amber),
		Quiet:    lipgloss.NewStyle().Foreground(faint),
		Good:     lipgloss.NewStyle().Foreground(green),
		Selected: lipgloss.NewStyle().Bold(true).Background(selBg),
		Head:     lipgloss.NewStyle().Bold(true).Foreground(faint),
		Err: ErrStyles{
			Title:   lipgloss.NewStyle().Bold(true).Foreground(red),
			Text:    lipgloss.NewStyle().Foreground(fg),
			Bar:     lipgloss.NewStyle().Foreground(red),
			Refused: lipgloss.NewStyle().Foreground(red),
		},
		Note:    lipgloss.NewStyle().Foreground(accent),
		Spinner: lipgloss.NewStyle().Foreground(accent),
		Help:    help.DefaultStyles(isDark),
		Input:   textinput.DefaultStyles(isDark),
		Heading: lipgloss.NewStyle().Bold(true).Foreground(accent),
		URL:     lipgloss.NewStyle().Underline(true).Foreground(accent),
	}
	s.tuneBubbles(fg, faint, grey, accent)
	s.Rows = newInks(&s, green, grey, amber, accent, red)
	return s
}

// newInks prepares the row styles from the styles and colours.
func newInks(s *Styles, green, grey, amber, accent, red color.Color) Inks {
	return Inks{Value: InkOf(s.Value), Quiet: InkOf(s.Quiet), Selected: InkOf(s.Selected), Refused: InkOf(s.Err.Refused),
		Note: InkOf(s.Note), Label: InkOf(s.Label), Warning: InkOf(s.Warning), Good: InkOf(s.Good),
		Match:     InkOf(lipgloss.NewStyle().Bold(true).Underline(true).Foreground(accent)),
		Active:    InkOf(lipgloss.NewStyle().Foreground(green)),
		Closed:    InkOf(lipgloss.NewStyle().Foreground(grey)),
		Insolvent: InkOf(lipgloss.NewStyle().Foreground(amber)),
		Other:     InkOf(lipgloss.NewStyle().Foreground(accent)),
		Severe:    InkOf(lipgloss.NewStyle().Bold(true).Foreground(red)),
		Warn:      InkOf(lipgloss.NewStyle().Foreground(amber)),
		Info:      InkOf(lipgloss.NewStyle().Foreground(accent)),
		Look:      InkOf(lipgloss.NewStyle().Bold(true).Foreground(amber))}
}

// badges are the status badges: white on a colour. On a dark background
// the bright inks of the text would leave the white at 2.5:1, so the
// badges' colours are deeper.
func badges(ld lipgloss.LightDarkFunc) map[api.StatusClass]lipgloss.Style {
	badge := func(light, dark string) lipgloss.Style {
		bg := ld(lipgloss.Color(light), lipgloss.Color(dark))
		return lipgloss.NewStyle().Bold(true).Padding(0, 1).Foreground(lipgloss.Color("#FFFFFF")).Background(bg)
	}
	return map[api.StatusClass]lipgloss.Style{
		api.ClassActive:     badge("#1A7F37", "#238636"),
		api.ClassDissolved:  badge("#57606A", "#6E7681"),
		api.ClassInsolvency: badge("#9A6700", "#9E6A03"),
		api.ClassOther:      badge("#0969DA", "#1F6FEB"),
	}
}

// tuneBubbles makes the bubbles' own styles (the help, the inputs) read
// like the rest.
func (s *Styles) tuneBubbles(fg, faint, grey, accent color.Color) {
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
	// bubbles' placeholder and suggestion grey (#585858) is 2.3:1 on a
	// dark background: the placeholder says what to type, so it takes
	// the faint colour that reads.
	for _, st := range []*textinput.StyleState{&s.Input.Focused, &s.Input.Blurred} {
		st.Placeholder = st.Placeholder.Foreground(faint)
		st.Suggestion = st.Suggestion.Foreground(faint)
	}
	// A blinking cursor redraws the screen twice a second for nothing.
	s.Input.Cursor.Blink = false
}

// Ink is a simple style reduced to the escape sequences around a text,
// for the rows drawn many times a frame: Style.Render measures and parses
// every string it is given, which costs more than the rest of a row.
type Ink struct{ Pre, Post string }

// InkOf reduces a style to its ink.
func InkOf(s lipgloss.Style) Ink {
	r := s.Render("x")
	i := strings.IndexByte(r, 'x')
	return Ink{r[:i], r[i+1:]}
}

// Paint draws text in the ink.
func (k Ink) Paint(text string) string { return k.Pre + text + k.Post }

// Inks are the row styles, prepared once.
type Inks struct {
	Value, Quiet, Selected, Refused, Note, Label, Warning, Good Ink
	// For the accented parts of a row: a search match, a status by class.
	Match, Active, Closed, Insolvent, Other Ink
	// A company's flags by severity (present.Severity), and a screening's
	// result that needs a look.
	Severe, Warn, Info, Look Ink
}

// Accent is the ink for an accented part of a row.
func (k Inks) Accent(a present.AccentKind) Ink {
	switch a {
	case present.Match:
		return k.Match
	case present.StatusActive:
		return k.Active
	case present.StatusClosed:
		return k.Closed
	case present.StatusInsolvent:
		return k.Insolvent
	case present.Overdue:
		return k.Warning
	case present.FlagSevere:
		return k.Severe
	case present.FlagWarning:
		return k.Warn
	case present.FlagInfo:
		return k.Info
	case present.NeedsALook:
		return k.Look
	}
	return k.Other
}

// Severity is the ink of a flag of a severity.
func (k Inks) Severity(s present.Severity) Ink {
	switch s {
	case present.SeveritySevere:
		return k.Severe
	case present.SeverityWarning:
		return k.Warn
	}
	return k.Info
}

// Tone is the ink for a row's tone.
func (s *Styles) Tone(t present.Tone) Ink {
	switch t {
	case present.Warning:
		return s.Rows.Warning
	case present.Quiet:
		return s.Rows.Quiet
	case present.Good:
		return s.Rows.Good
	}
	return s.Rows.Value
}
