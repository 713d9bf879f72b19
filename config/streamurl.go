package config

import (
	"net/url"

	"go.yaml.in/yaml/v3"
)

// streamURL reads stream_url: the streaming API's address, http or https
// with a host and nothing a key could hide in (a user, a query).
func (r *reader) streamURL(v *yaml.Node) {
	u, err := url.Parse(v.Value)
	switch {
	case v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "":
		r.say(v.Line, "stream_url: want the streaming API's address, such as https://stream.companieshouse.gov.uk, not %s; the default is kept", valueWords(v))
	case err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "":
		r.say(v.Line, "stream_url: %q is no http or https address; the default is kept", v.Value)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "":
		r.say(v.Line, "stream_url: %q must not hold a user name, password, query or fragment (the key is sent in a header); the default is kept", u.Redacted())
	default:
		r.s.StreamURL, r.s.Lines["stream_url"] = v.Value, v.Line
	}
}
