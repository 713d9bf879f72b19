package register

import "time"

// Stage is what an update is doing.
type Stage int

const (
	StageDownload Stage = iota // fetching the file
	StageCheck                 // checking the downloaded zip
	StageRead                  // reading the file into a new index
	StageIndex                 // building the new index's indexes
	StageDone                  // the new index is in place
)

func (s Stage) String() string {
	switch s {
	case StageDownload:
		return "downloading"
	case StageCheck:
		return "checking"
	case StageRead:
		return "reading"
	case StageIndex:
		return "indexing"
	}
	return "done"
}

// Progress is how far an update has got, for the caller to draw: bytes
// for a download, bytes of the CSV read and companies for a read, steps
// for indexing. Left is an estimate of the time the whole stage still
// takes, or -1 while there is none.
type Progress struct {
	Stage       Stage
	Done, Total int64 // bytes, or steps while indexing; Total 0 when not known
	Rows        int   // companies read so far
	Rate        float64
	Elapsed     time.Duration // in this stage
	Left        time.Duration
}

// Fraction is how much of the stage is done, from 0 to 1, or -1 when the
// total is not known.
func (p Progress) Fraction() float64 {
	if p.Total <= 0 {
		return -1
	}
	return min(float64(p.Done)/float64(p.Total), 1)
}

// estimate is the time left at a steady rate: done of total in elapsed.
func estimate(done, total int64, elapsed time.Duration) time.Duration {
	if done <= 0 || total <= 0 || elapsed <= 0 {
		return -1
	}
	if done >= total {
		return 0
	}
	return time.Duration(float64(elapsed) * float64(total-done) / float64(done))
}
