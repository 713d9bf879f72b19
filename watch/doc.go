// Package watch keeps a list of companies and finds out what changed at
// each since the last look: new filings, a new status or name, officers
// appointed or resigned, owners notified or ceased, charges created or
// satisfied, deadlines missed. It asks the registry as little as it can
// (one request per unchanged company), keeps well inside the quota, and
// keeps what it learns in one SQLite database that a browser and a cron
// job may use at once. It knows nothing of terminals: present puts its
// changes into words.
package watch
