package watch

import (
	"context"
	"database/sql"
	"time"

	"coview/api"
)

// people checks the watched people not checked since the check began,
// after the companies: one request each, the first page of the person's
// appointments, diffed with what was kept. A person is claimed as a
// company is, so that checks running at once read each once, and a
// follow holds back what it has of a person a check is reading.
func (c *check) people(ctx context.Context) {
	if c.only != nil {
		return // a check of some companies only
	}
	skip := map[string]bool{}
	for {
		c.mu.Lock()
		stopped := c.stop != 0
		c.mu.Unlock()
		if stopped || ctx.Err() != nil || !c.reserve() {
			break
		}
		v := &visit{c: c, reserved: true}
		rec, err := c.w.store.claimOfficer(ctx, c.h, c.started, c.w.opts.ClaimTTL, skip)
		if err != nil || rec == nil {
			c.unreserve(v)
			if err != nil {
				c.halt(ReasonStopped, err)
			}
			break
		}
		skip[rec.id] = true
		c.person(ctx, v, rec)
		c.unreserve(v)
	}
	c.peopleLeft(ctx)
}

// person checks one claimed person and records what changed.
func (c *check) person(ctx context.Context, v *visit, rec *officerRecord) {
	link := officerPath(rec.id)
	var a *api.Appointments
	err := v.request(ctx, func() (err error) {
		if a, err = c.w.client.Appointments(ctx, link, api.Page{ItemsPerPage: appointmentsPage}); err == nil {
			err = appointmentsUnreadable(link, a)
		}
		return err
	})
	if err != nil {
		why := c.failed(ctx, err)
		c.w.store.releaseOfficer(context.WithoutCancel(ctx), c.h, rec.id)
		nc := NotChecked{Officer: rec.id, Name: rec.name, Why: why}
		if why == ReasonFailed {
			nc.Err = err
		}
		c.mu.Lock()
		c.notChecked(nc)
		c.mu.Unlock()
		return
	}
	asOf := v.first // the answer's time, by the registry's clock
	read := appointmentsSnap(a)
	next := &officerRecord{id: rec.id, name: rec.name, snap: read, readAt: asOf}
	if read.Name != "" {
		next.name = read.Name
	}
	if read.Partial {
		// Appointments beyond the page read are kept as they were.
		for k, it := range rec.snap.Items {
			if _, ok := next.snap.Items[k]; !ok {
				next.snap.Items[k] = it
			}
		}
	}
	var changes []Change
	if rec.seeded {
		changes = diffOfficer(rec.id, rec.snap, read, asOf.Format(time.DateOnly))
		keepCompanyNames(rec.snap, next.snap)
	}
	ok, err := c.w.store.commitOfficer(context.WithoutCancel(ctx), rec, next, changes, c.w.opts.Now())
	c.mu.Lock()
	switch {
	case err != nil:
		c.notChecked(NotChecked{Officer: rec.id, Name: rec.name, Why: ReasonFailed, Err: err})
		if c.stop == 0 {
			c.stop, c.fatal = ReasonFailed, err
		}
	case ok:
		c.report.People++
		c.report.Changes = append(c.report.Changes, changes...)
	}
	c.mu.Unlock()
	if ok && len(changes) > 0 && c.opts.Found != nil {
		c.run.Tell(func() { c.opts.Found(changes) })
	}
}

// keepCompanyNames gives appointments read without their company's name
// (none is: a check reads them with it) the name known before.
func keepCompanyNames(old, now OfficerSnap) {
	for k, a := range now.Items {
		if a.Company == "" && old.Items[k].Company != "" {
			a.Company = old.Items[k].Company
			now.Items[k] = a
		}
	}
}

// peopleLeft lists the people not checked since the check began.
func (c *check) peopleLeft(ctx context.Context) {
	if c.only != nil {
		return
	}
	left, err := c.w.store.peoplePending(context.WithoutCancel(ctx), c.h, c.started)
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	why := c.stop
	switch {
	case why == 0 && c.spent:
		why = ReasonBudget
	case why == 0:
		why = ReasonStopped
	}
	for _, nc := range left {
		if nc.Why == 0 {
			nc.Why = why
		}
		c.notChecked(nc)
	}
}

// claimOfficer takes the next person this check should read: one not
// checked since it began, not skipped, not held by another running
// check. nil when there is none.
func (s *Store) claimOfficer(ctx context.Context, h holder, started time.Time, ttl time.Duration, skip map[string]bool) (*officerRecord, error) {
	var rec *officerRecord
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rec = nil
		now := s.now()
		rows, err := tx.QueryContext(ctx, `SELECT id, claimed_by, claimed_until FROM officers
			WHERE registry = ? AND (checked_at IS NULL OR checked_at < ?) ORDER BY checked_at, id`, s.registry, started.UnixMilli())
		if err != nil {
			return err
		}
		pick := ""
		for rows.Next() {
			var id string
			var by sql.NullString
			var until sql.NullInt64
			if err := rows.Scan(&id, &by, &until); err != nil {
				rows.Close()
				return err
			}
			if !skip[id] && !(by.Valid && fromMS(until).After(now) && !gone(by.String)) {
				pick = id
				break
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil || pick == "" {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE officers SET claimed_by = ?, claimed_until = ? WHERE registry = ? AND id = ?`,
			string(h), now.Add(ttl).UnixMilli(), s.registry, pick); err != nil {
			return err
		}
		rec, err = s.loadOfficer(ctx, tx, pick)
		return err
	})
	if err != nil {
		return nil, s.fail("claim a person to check", err)
	}
	return rec, nil
}

// commitOfficer writes what a check read of a person and the changes it
// showed, in one transaction, if nobody wrote the person since.
func (s *Store) commitOfficer(ctx context.Context, old, next *officerRecord, changes []Change, checked time.Time) (bool, error) {
	var ok bool
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if ok, err = s.putOfficer(ctx, tx, old, next, checked); err != nil || !ok {
			return err
		}
		return s.logChanges(ctx, tx, changes)
	})
	if err != nil {
		return false, s.fail("record what a check found", err)
	}
	return ok, nil
}

// releaseOfficer gives a claim on a person up without writing anything.
func (s *Store) releaseOfficer(ctx context.Context, h holder, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE officers SET claimed_by = NULL, claimed_until = NULL
			WHERE registry = ? AND id = ? AND claimed_by = ?`, s.registry, id, string(h))
		return err
	})
}

// peoplePending lists the people not checked since started, and whether
// another running check holds each.
func (s *Store) peoplePending(ctx context.Context, h holder, started time.Time) ([]NotChecked, error) {
	return s.notChecked(ctx, h, started, `SELECT id, name, claimed_by, claimed_until FROM officers
		WHERE registry = ? AND (checked_at IS NULL OR checked_at < ?) ORDER BY id`,
		func(nc *NotChecked) any { return &nc.Officer })
}
