package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// FlexString reads a JSON string or number as text: the registry sends
// day/month and similar values either way. null reads as "".
type FlexString string

func (f *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*f = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = FlexString(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("want a string or number")
		}
		*f = FlexString(n.String())
	}
	return nil
}

// Int is the value as a number, and whether it is one.
func (f FlexString) Int() (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(string(f)))
	return n, err == nil
}

// StringList reads a string or an array of strings: filing history
// subcategories come both ways.
type StringList []string

func (l *StringList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*l = nil
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = StringList{s}
		return nil
	}
	var ss []string
	if err := json.Unmarshal(b, &ss); err != nil {
		return errors.New("want a string or an array of strings")
	}
	*l = ss
	return nil
}

// FlexBool reads a JSON boolean, or the strings and numbers some services
// send instead: a super-secure PSC fetched on its own says "ceased":"0" or
// "1" where the PSC list says false or true. "true"/"false" and 1/0 are
// read too; null reads as absent (a nil *FlexBool).
type FlexBool bool

func (f *FlexBool) UnmarshalJSON(b []byte) error {
	switch strings.ToLower(strings.Trim(string(bytes.TrimSpace(b)), `"`)) {
	case "true", "1":
		*f = true
	case "false", "0":
		*f = false
	case "null":
		// Left as it was, as encoding/json does for null.
	default:
		return errors.New("want a boolean, 0 or 1")
	}
	return nil
}

// Link is one named link of a profile.
type Link struct {
	Name string // the JSON member, e.g. "filing_history"
	Path string // as sent: a path relative to the base URL, or anything else
}

// Links are a profile's links. The known ones are named; any other string
// member is kept in Other, because the registry adds links over time.
type Links struct {
	Self                                    string
	FilingHistory                           string
	Officers                                string
	Charges                                 string
	Insolvency                              string
	PersonsWithSignificantControl           string
	PersonsWithSignificantControlStatements string
	Registers                               string
	Exemptions                              string
	UKEstablishments                        string
	Overseas                                string
	Other                                   map[string]string

	unreadable []string
}

// Link member names, in the order the links pane shows them.
const (
	LinkSelf          = "self"
	LinkFilingHistory = "filing_history"
	LinkOfficers      = "officers"
	LinkPSC           = "persons_with_significant_control"
	LinkPSCStatements = "persons_with_significant_control_statements"
	LinkCharges       = "charges"
	LinkInsolvency    = "insolvency"
	LinkRegisters     = "registers"
	LinkExemptions    = "exemptions"
	LinkUKEstablish   = "uk_establishments"
	LinkOverseas      = "overseas"
)

func (l *Links) fields() []struct {
	name string
	v    *string
} {
	return []struct {
		name string
		v    *string
	}{
		{LinkSelf, &l.Self}, {LinkFilingHistory, &l.FilingHistory}, {LinkOfficers, &l.Officers},
		{LinkPSC, &l.PersonsWithSignificantControl}, {LinkPSCStatements, &l.PersonsWithSignificantControlStatements},
		{LinkCharges, &l.Charges}, {LinkInsolvency, &l.Insolvency}, {LinkRegisters, &l.Registers},
		{LinkExemptions, &l.Exemptions}, {LinkUKEstablish, &l.UKEstablishments}, {LinkOverseas, &l.Overseas},
	}
}

func (l *Links) UnmarshalJSON(b []byte) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return errors.New("want an object")
	}
	*l = Links{}
	known := map[string]*string{}
	for _, f := range l.fields() {
		known[f.name] = f.v
	}
	// The spec spells this one with a hyphen; the live service with an underscore.
	known["uk-establishments"] = &l.UKEstablishments
	for name, raw := range obj {
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			l.unreadable = append(l.unreadable, "links."+name)
			continue
		}
		if p, ok := known[name]; ok {
			*p = s
			continue
		}
		if l.Other == nil {
			l.Other = map[string]string{}
		}
		l.Other[name] = s
	}
	sort.Strings(l.unreadable)
	return nil
}

// All lists the links present, known ones first in a fixed order, then the
// others by name.
func (l Links) All() []Link {
	var out []Link
	for _, f := range l.fields() {
		if *f.v != "" {
			out = append(out, Link{Name: f.name, Path: *f.v})
		}
	}
	names := make([]string, 0, len(l.Other))
	for n := range l.Other {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, Link{Name: n, Path: l.Other[n]})
	}
	return out
}

// decodeLenient fills v (a pointer to a struct) from a JSON object. It tries
// the standard decoder first; only if a member has an unexpected type does
// it decode member by member, so one bad value spoils only itself. It
// returns the JSON paths of the members it could not read.
func decodeLenient(data []byte, v any) ([]string, error) {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || t[0] != '{' {
		return nil, errors.New("the answer is not a JSON object")
	}
	if err := json.Unmarshal(t, v); err == nil {
		return nil, nil
	} else {
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) && !isFieldError(err) {
			return nil, fmt.Errorf("the JSON cannot be read: %s", shorten(err.Error(), 100))
		}
	}
	rv := reflect.ValueOf(v).Elem()
	rv.SetZero()
	var bad []string
	lenient(t, rv, "", &bad)
	return bad, nil
}

// isFieldError recognises errors returned by our own UnmarshalJSON methods
// (FlexString, StringList, Links), which are per-member problems too.
func isFieldError(err error) bool {
	var syn *json.SyntaxError
	return !errors.As(err, &syn) && !strings.Contains(err.Error(), "exceeded max depth")
}

func lenient(raw []byte, rv reflect.Value, path string, bad *[]string) {
	raw = bytes.TrimSpace(raw)
	if bytes.Equal(raw, []byte("null")) {
		return
	}
	fail := func() { *bad = append(*bad, strings.TrimPrefix(path, ".")) }
	if rv.CanAddr() && rv.Addr().Type().Implements(reflect.TypeFor[json.Unmarshaler]()) {
		if json.Unmarshal(raw, rv.Addr().Interface()) != nil {
			fail()
		}
		return
	}
	t := rv.Type()
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			fail()
			return
		}
		lenientFields(obj, rv, path, bad)
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		before := len(*bad)
		lenient(raw, p.Elem(), path, bad)
		if len(*bad) == before || t.Elem().Kind() == reflect.Struct {
			rv.Set(p)
		}
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			fail()
			return
		}
		s := reflect.MakeSlice(t, 0, len(items))
		for i, item := range items {
			e := reflect.New(t.Elem()).Elem()
			lenient(item, e, fmt.Sprintf("%s[%d]", path, i), bad)
			s = reflect.Append(s, e)
		}
		rv.Set(s)
	case reflect.Map:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			fail()
			return
		}
		m := reflect.MakeMapWithSize(t, len(obj))
		for k, r := range obj {
			e := reflect.New(t.Elem()).Elem()
			lenient(r, e, path+"."+k, bad)
			m.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), e)
		}
		rv.Set(m)
	default:
		if json.Unmarshal(raw, rv.Addr().Interface()) != nil {
			fail()
		}
	}
}

// lenientFields fills a struct's members from an object, descending into
// embedded structs (such as ListInfo) as encoding/json does.
func lenientFields(obj map[string]json.RawMessage, rv reflect.Value, path string, bad *[]string) {
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			lenientFields(obj, rv.Field(i), path, bad)
			continue
		}
		if !f.IsExported() || name == "-" || name == "" {
			continue
		}
		if r, ok := obj[name]; ok {
			lenient(r, rv.Field(i), path+"."+name, bad)
		}
	}
}
