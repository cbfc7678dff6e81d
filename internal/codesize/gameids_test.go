package codesize

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// gameIDs are the game ids as validate names them and as records spell them.
var gameIDs = map[string]bool{
	"Game5050": true, "Game5000": true, "GameZehntausend": true, "GameRueckwaerts": true,
	"GameKniffel": true, "GameTotwuerfeln": true, "GameDreissigTot": true,
	`"5050"`: true, `"5000"`: true, `"zehntausend"`: true, `"zehntausend-rueckwaerts"`: true,
	`"kniffel"`: true, `"totwuerfeln"`: true, `"dreissig-tot"`: true,
}

// gameIDsAllowed are the places outside validate and scoresheet that may
// still name a game: the generator of development histories and the frozen
// migration 006.
var gameIDsAllowed = map[string]bool{
	"storage/generate/generate.go": true,
	"storage/recount.go":           true,
}

// TestNoGameIDsOutsideTheEngine: outside validate and scoresheet no code
// (tests aside) compares or names a game id: it asks the game's definition
// (validate.Variant, StatsOf, the option specs) instead, so that a new game
// is one definition.
func TestNoGameIDsOutsideTheEngine(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "validate" || rel == "scoresheet" || strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || gameIDsAllowed[rel] {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "validate" && gameIDs[x.Sel.Name] {
					t.Errorf("%s: names validate.%s", fset.Position(x.Pos()), x.Sel.Name)
				}
			case *ast.BinaryExpr:
				for _, side := range []ast.Expr{x.X, x.Y} {
					if lit, ok := side.(*ast.BasicLit); ok && lit.Kind == token.STRING && gameIDs[lit.Value] && (x.Op == token.EQL || x.Op == token.NEQ) {
						t.Errorf("%s: compares with the game id %s", fset.Position(x.Pos()), lit.Value)
					}
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
