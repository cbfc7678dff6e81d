// Package codesize measures the functions of Go source files: their length
// in lines and their cyclomatic complexity (1 + one for each if, for,
// case, && and ||, as gocyclo counts). Its test holds every function of
// the project outside tests to the limits of the working rules.
package codesize

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// Func is one function or method and its size.
type Func struct {
	Name       string // Recv.Name for a method
	File       string
	Line       int
	Lines      int
	Complexity int
}

// Measure parses a Go source file and measures its functions (function
// literals count toward the function that holds them).
func Measure(path string, src any) ([]Func, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Func
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		out = append(out, Func{Name: funcName(fd), File: path, Line: start.Line,
			Lines: end.Line - start.Line + 1, Complexity: Complexity(fd)})
	}
	return out, nil
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// Complexity is the cyclomatic complexity of a function: 1, plus one for
// every if, for, range, non-default case and comm clause, && and ||.
func Complexity(fn ast.Node) int {
	c := 1
	ast.Inspect(fn, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if x.List != nil {
				c++
			}
		case *ast.CommClause:
			if x.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}
