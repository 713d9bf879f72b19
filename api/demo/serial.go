package demo

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// The serial director is a person to watch: she is appointed a director
// of every fourth company the steady flow incorporates (one every six
// minutes), and resigns from each four appointments later (24 minutes
// on). Her appointments are served at /officers/{SerialDirector}/
// appointments, worked out from the clock as the living companies are,
// and each appointment and resignation is an event of the officers
// stream, so that a watch list that watches her has news from both.
const SerialDirector = "c2VyaWFsLWRpcmVjdG9y"

const (
	serialName = "PENNYWORTH, Araminta Jane"
	// serialEvery is how many incorporations of the flow come between
	// two of her appointments, and serialStays how many appointments
	// later she resigns.
	serialEvery = 4
	serialStays = 4
)

// serialPeriod is the time between two of her appointments.
const serialPeriod = serialEvery * incorporationEvery

// serialFirst is when she is first appointed: with the flow's first
// company.
var serialFirst = livingEpoch.Add(15 * time.Second)

// SerialAppointedAt is when her j-th appointment (0, 1, 2, ...) is made,
// so that a test can set its clock just before or after one.
func SerialAppointedAt(j int) time.Time { return serialFirst.Add(time.Duration(j) * serialPeriod) }

// serialBy is how many appointments she had been given by now.
func serialBy(now time.Time) int {
	if now.Before(serialFirst) {
		return 0
	}
	return int(now.Sub(serialFirst)/serialPeriod) + 1
}

// serialCompany is the company of her j-th appointment: its number and
// name, as the flow incorporated it.
func serialCompany(j int) (string, string) {
	k := serialEvery * j
	return strconv.Itoa(firstIncorporated + k), flowName(k)
}

// serialDay is the day of her j-th appointment.
func serialDay(j int) string { return SerialAppointedAt(j).Format(time.DateOnly) }

// serialOfficerItem is her j-th appointment as the company's list of
// officers has it, and the officers stream sends it: resigned when
// ended.
func serialOfficerItem(j int, ended bool) (uri string, item []byte) {
	number, _ := serialCompany(j)
	id := livingID(number, "serial", j)
	uri = "/company/" + number + "/appointments/" + id
	o := map[string]any{
		"name": serialName, "officer_role": "director", "appointed_on": serialDay(j),
		"nationality": "British", "occupation": "Company Director", "country_of_residence": "England",
		"date_of_birth": map[string]int{"month": 3, "year": 1968},
		"address":       livingAddresses()[1],
		"links":         map[string]any{"self": uri, "officer": map[string]string{"appointments": "/officers/" + SerialDirector + "/appointments"}},
	}
	if ended {
		o["resigned_on"] = serialDay(j + serialStays)
	}
	b, err := json.Marshal(o)
	if err != nil {
		panic("demo: encoding the serial director: " + err.Error())
	}
	return uri, b
}

// addSerial adds her appointments and resignations to the officers
// stream: at each appointment, the resignation it brings (from the
// company four appointments back), then the appointment.
func addSerial(add func(string, *source)) {
	add("officers", &source{period: serialPeriod, offset: serialFirst.Sub(livingEpoch), counts: []int{2},
		lines: func(j int, at time.Time, tp int64) [][]byte {
			out := [][]byte{}
			if back := j - serialStays; back >= 0 {
				uri, item := serialOfficerItem(back, true)
				out = append(out, eventLine("company-officers", uri, lastSegment(uri), item, false, tp, at))
			} else {
				// Before her fifth appointment there is nothing to resign
				// from: the stream repeats the appointment before it,
				// with a timepoint of its own, as the registry repeats
				// events.
				uri, item := serialOfficerItem(max(j-1, 0), false)
				out = append(out, eventLine("company-officers", uri, lastSegment(uri), item, false, tp, at))
			}
			uri, item := serialOfficerItem(j, false)
			return append(out, eventLine("company-officers", uri, lastSegment(uri), item, false, tp+1, at))
		}})
}

// lastSegment is what follows the last slash of a path.
func lastSegment(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}

// serialAppointments serves a page of her appointments as of now, the
// newest first.
func serialAppointments(w http.ResponseWriter, r *http.Request, now time.Time) {
	p, ok := appointmentsPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	total := serialBy(now)
	items := []json.RawMessage{}
	for i := p.start; i < total && i < p.start+p.size; i++ {
		j := total - 1 - i
		number, name := serialCompany(j)
		var a appointment
		a.AppointedTo.CompanyNumber, a.AppointedTo.CompanyName, a.AppointedTo.CompanyStatus = number, name, "active"
		a.Name, a.NameElements, a.OfficerRole, a.AppointedOn = serialName, elementsOf(serialName, false), "director", serialDay(j)
		a.Nationality, a.Occupation, a.CountryOfResidence = "British", "Company Director", "England"
		if j+serialStays < total {
			a.ResignedOn = serialDay(j + serialStays)
		}
		a.Links.Company = "/company/" + number
		b, err := json.Marshal(a)
		if err != nil {
			panic("demo: encoding the serial director: " + err.Error())
		}
		items = append(items, b)
	}
	active := min(total, serialStays)
	writeJSON(w, http.StatusOK, appointmentList{
		Etag: etag("serial", strconv.Itoa(total)), Kind: "personal-appointment", Name: serialName,
		DateOfBirth: &monthYear{Month: 3, Year: 1968}, ItemsPerPage: p.size, StartIndex: p.start,
		TotalResults: total, ActiveCount: active, ResignedCount: total - active,
		Links: selfLink{Self: "/officers/" + SerialDirector + "/appointments"}, Items: items,
	})
}
