package layout

import (
	"strings"
	"time"

	"coview/ui/common"
)

// Body is the preview, w by h: the title of what the row opens and its
// page's body, or why it is not there yet.
func (p *Preview) Body(w, h int) []string {
	s := p.C.Styles
	if p.part == nil {
		return []string{"", "  " + s.Quiet.Render(common.Cut(p.why(), w-2))}
	}
	title := common.Fit(s.Title.Render(common.Cut(p.to.Title, w-2)), w)
	if p.to.IsProfile() {
		title = p.part.Title(w)
	}
	out := []string{title}
	out = append(out, p.part.Mid(w)...)
	out = append(out, p.part.Body(w, max(h-len(out), 1))...)
	return out[:min(len(out), h)]
}

// why says why there is no preview to draw.
func (p *Preview) why() string {
	k := common.Key{Res: p.to.Res}
	switch {
	case p.row.Link == "":
		return "Nothing to preview: this row opens nothing."
	case p.to.Res.IsZero():
		return "This row's link is not one coview follows."
	case p.failed[k] != nil:
		t := common.Explain(p.failed[k], p.to.Res, p.C.Now(), time.Time{})
		return t.Title + ". enter opens it, to try again."
	case !p.rested:
		return "…"
	case p.inFlight(k):
		return "Loading " + k.What() + "…"
	}
	return "Not loaded: enter opens it."
}

func (p *Preview) inFlight(k common.Key) bool {
	for _, f := range p.flight {
		if f == k {
			return true
		}
	}
	return false
}

// Beside draws the list's lines and the preview's side by side, the
// list's padded to lw and a rule between them.
func Beside(c *common.Common, list, preview []string, lw int) []string {
	bar := c.Styles.Meta.Render("│")
	out := make([]string, len(list))
	for i, l := range list {
		r := ""
		if i < len(preview) {
			r = preview[i]
		}
		n := common.Cells(l) // measured once: this is every line of every frame
		if n > lw {
			l, n = common.Fit(l, lw), lw
		}
		out[i] = l + common.Spaces(lw-n) + bar + r
	}
	return out
}

// Rule is the line between a list and the preview under it.
func Rule(c *common.Common, w int) string {
	const label = "─ preview "
	return c.Styles.Meta.Render(label + strings.Repeat("─", max(w-len([]rune(label)), 0)))
}
