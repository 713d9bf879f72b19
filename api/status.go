package api

import "strings"

// StatusClass groups the registry's company_status keys by what they say
// about a company: live, gone, under an insolvency procedure, or other.
// It is registry vocabulary: connections tells a dissolved company by it,
// and the browser colours a status by it with one switch on four classes
// instead of knowing every key (their words are present/labels').
type StatusClass int

// The zero value is ClassOther so that an unset or unknown status is shown
// neutrally rather than as healthy.
const (
	ClassOther      StatusClass = iota // unknown or neither live, closed nor insolvent
	ClassActive                        // trading or otherwise live
	ClassDissolved                     // no longer exists on the register
	ClassInsolvency                    // under an insolvency procedure
)

// String names the class, mainly for test output and debugging.
func (c StatusClass) String() string {
	switch c {
	case ClassActive:
		return "active"
	case ClassDissolved:
		return "dissolved"
	case ClassInsolvency:
		return "insolvency"
	default:
		return "other"
	}
}

// statusClasses: "open" (a UK establishment) and "registered" (an
// overseas entity) are the live states of those entity kinds, so they
// colour like "active". (Static data, not a map: a map literal is built
// at start-up by every run.)
var statusClasses = [...]struct {
	status string
	class  StatusClass
}{
	{"active", ClassActive},
	{"open", ClassActive},
	{"registered", ClassActive},
	{"dissolved", ClassDissolved},
	{"removed", ClassDissolved},
	{"closed", ClassDissolved},
	{"converted-closed", ClassDissolved},
	{"liquidation", ClassInsolvency},
	{"receivership", ClassInsolvency},
	{"administration", ClassInsolvency},
	{"voluntary-arrangement", ClassInsolvency},
	{"insolvency-proceedings", ClassInsolvency},
}

// StatusClassOf classifies a company_status value; unknown values are
// ClassOther.
func StatusClassOf(v string) StatusClass {
	v = strings.ToLower(strings.TrimSpace(v))
	for _, c := range statusClasses {
		if c.status == v {
			return c.class
		}
	}
	return ClassOther
}
