package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The browser stays in parts small enough to read: no struct of more
// than 20 fields, no function longer than 60 lines, no file longer than
// 400 lines, anywhere under ui/ (tests included). A page that needs more
// is a part of its own, or holds a component.
func TestTheBrowsersPartsStaySmall(t *testing.T) {
	t.Parallel()
	const maxFields, maxFuncLines, maxFileLines = 20, 60, 400
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		if n := fset.Position(f.End()).Line; n > maxFileLines {
			t.Errorf("%s has %d lines (at most %d)", path, n, maxFileLines)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructType:
				if c := countFields(n); c > maxFields {
					t.Errorf("%s: a struct of %d fields (at most %d)", fset.Position(n.Pos()), c, maxFields)
				}
			case *ast.FuncDecl:
				if l := fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1; l > maxFuncLines {
					t.Errorf("%s: %s is %d lines long (at most %d)", fset.Position(n.Pos()), n.Name.Name, l, maxFuncLines)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// countFields counts a struct's fields, each name of a list its own.
func countFields(s *ast.StructType) int {
	n := 0
	for _, f := range s.Fields.List {
		n += max(len(f.Names), 1)
	}
	return n
}
