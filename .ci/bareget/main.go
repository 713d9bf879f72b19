// Command bareget is the yardstick .ci/measure.sh holds a one-shot
// lookup against: the least a Go program can do to fetch one profile,
// a bare net/http GET of the URL with the key as Basic user name,
// printing the body. coview --json NUMBER does the same request and
// prints the same bytes; what it takes beyond this is coview's own.
//
//	COVIEW_API_KEY=KEY bareget URL
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: COVIEW_API_KEY=KEY bareget URL")
		os.Exit(2)
	}
	req, err := http.NewRequest(http.MethodGet, os.Args[1], nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareget:", err)
		os.Exit(2)
	}
	req.SetBasicAuth(os.Getenv("COVIEW_API_KEY"), "")
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareget:", err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(os.Stdout, resp.Body); err != nil {
		fmt.Fprintln(os.Stderr, "bareget:", err)
		os.Exit(1)
	}
	if resp.StatusCode != http.StatusOK {
		os.Exit(1)
	}
}
