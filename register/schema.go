package register

// schemaVersion is the index's format: an index of another version is
// not read (Open says to run coview index update), since the index is
// built whole and never migrated.
const schemaVersion = 2

// The index's tables. companies keeps the file's order (the registry
// files companies by name), which is the order every search answers in.
// What a search filters on besides names is in the posting lists
// (postings.go); the names are in an FTS5 index that keeps no copy of
// them (content=”), filled as the rows go in.
const schemaTables = `
CREATE TABLE companies (
	id      INTEGER PRIMARY KEY,
	number  TEXT NOT NULL,
	name    TEXT NOT NULL,
	address TEXT NOT NULL,
	rest    TEXT NOT NULL
);
CREATE TABLE postings (term TEXT NOT NULL, first INTEGER NOT NULL, n INTEGER NOT NULL, ids BLOB NOT NULL, PRIMARY KEY (term, first)) WITHOUT ROWID;
CREATE TABLE sic_words (code TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE names USING fts5 (name, content='', detail=none, columnsize=0, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE names_vocab USING fts5vocab (names, row);
`

// schemaIndexes are made once every row is in: building an index from
// sorted rows is much faster than keeping it while inserting. The
// alphabetical index's key is worked out from the name as the index is
// made (coview_alpha, alphaKey) rather than kept in the table: 120 MB
// less of a register.
var schemaIndexes = []string{
	`CREATE INDEX by_number ON companies (number)`,
	`CREATE INDEX by_alpha ON companies (coview_alpha(name), number)`,
	`INSERT INTO names (names) VALUES ('optimize')`,
}
