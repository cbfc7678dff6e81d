//go:build !unix

package outfile

import (
	"io/fs"
	"os"
)

// keepOwner: files have no Unix owner here.
func keepOwner(*os.File, fs.FileInfo) {}
