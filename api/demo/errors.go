package demo

import (
	"encoding/json"
	"net/http"
)

// The live registry answers errors in two shapes, and a client has to read
// both: the gateway in front of it (authentication, rate limiting) sends a
// flat {"error","type"} object, the services behind it an {"errors":[...]}
// array. The spec names the gateway type registry:service; the services keep
// the live ch:service.
const (
	gatewayErrorType    = "registry:service"
	serviceErrorType    = "ch:service"
	validationErrorType = "ch:validation"
)

// flatError is the gateway's error body.
type flatError struct {
	Error string `json:"error"`
	Type  string `json:"type"`
}

// serviceError is one entry of a service's "errors" array.
type serviceError struct {
	Error        string `json:"error"`
	Type         string `json:"type"`
	Location     string `json:"location,omitempty"`
	LocationType string `json:"location_type,omitempty"`
}

type serviceErrors struct {
	Errors []serviceError `json:"errors"`
}

func writeFlatError(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, flatError{Error: message, Type: gatewayErrorType})
}

// writeNotFound answers 404 with a service error key such as
// company-profile-not-found.
func writeNotFound(w http.ResponseWriter, key string) {
	writeJSON(w, http.StatusNotFound, serviceErrors{Errors: []serviceError{{Error: key, Type: serviceErrorType}}})
}

// writeBadParameter answers 400 naming the query parameter at fault, in the
// shape the live services use for validation errors.
func writeBadParameter(w http.ResponseWriter, parameter, message string) {
	writeJSON(w, http.StatusBadRequest, serviceErrors{Errors: []serviceError{{
		Error:        message,
		Type:         validationErrorType,
		Location:     parameter,
		LocationType: "request-parameter",
	}}})
}

// writeJSON encodes v as the whole response. The values passed here are
// built by this package and always encode, so a failure is a bug.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		panic("demo: encoding a response: " + err.Error())
	}
	writeBody(w, status, body)
}

// writeBody sends bytes that are already JSON, such as a fixture as stored.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}
