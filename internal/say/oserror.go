package say

import (
	"errors"
	"io/fs"
	"regexp"
	"strings"
	"syscall"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// osWords are the operating system's reasons a player meets, in German:
// what Go writes for them (syscall.Errno's text, the same on every
// platform for a given errno) is English whatever the language.
var osWords = []struct {
	errno syscall.Errno
	de    string
}{
	{syscall.EISDIR, "ist ein Verzeichnis, keine Datei"},
	{syscall.ENOTDIR, "ist kein Verzeichnis"},
	{syscall.EACCES, "keine Berechtigung"},
	{syscall.EPERM, "nicht erlaubt (fehlende Rechte oder unveränderlich)"},
	{syscall.EROFS, "das Dateisystem ist schreibgeschützt"},
	{syscall.ENOSPC, "kein Platz mehr auf dem Datenträger"},
	{syscall.EDQUOT, "Speicherkontingent überschritten"},
	{syscall.EFBIG, "Datei zu groß"},
	{syscall.ENOENT, "Datei oder Verzeichnis gibt es nicht"},
	{syscall.EEXIST, "die Datei gibt es schon"},
	{syscall.ENOTEMPTY, "das Verzeichnis ist nicht leer"},
	{syscall.EIO, "Ein-/Ausgabefehler"},
	{syscall.ENAMETOOLONG, "Dateiname zu lang"},
	{syscall.ELOOP, "zu viele Ebenen symbolischer Verknüpfungen"},
	{syscall.EMFILE, "zu viele offene Dateien"},
	{syscall.EBUSY, "Gerät oder Ressource belegt"},
	{syscall.EXDEV, "Verschieben auf ein anderes Dateisystem nicht möglich"},
}

// osTexts are Go's texts of the io/fs errors and of osWords, longest first
// (so that no text is cut by a shorter one inside it), with German.
var osTexts = func() [][2]string {
	out := [][2]string{
		{fs.ErrNotExist.Error(), "die Datei gibt es nicht"},
		{fs.ErrExist.Error(), "die Datei gibt es schon"},
	}
	for _, w := range osWords {
		out = append(out, [2]string{w.errno.Error(), w.de})
	}
	for i := 0; i < len(out); i++ {
		for j := i + 1; j < len(out); j++ {
			if len(out[j][0]) > len(out[i][0]) {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}()

// osPattern finds a reason with what Go puts before it: the operation and
// the path of an *fs.PathError ("read /tmp: is a directory"), which read
// as English too; the path stays, the operation goes.
var osPattern = func() *regexp.Regexp {
	var alts []string
	for _, t := range osTexts {
		alts = append(alts, regexp.QuoteMeta(t[0]))
	}
	ops := `(?:open|read|write|stat|lstat|fstat|mkdir|remove|unlinkat|rename|sync|fsync|close|seek|truncate|chmod|readdirent|openat|fdopendir|symlink|link|readlink|chdir|getwd|mkdirat|CreateFile|GetFileAttributesEx)`
	return regexp.MustCompile(`(?:\b` + ops + ` (\S+): )?(` + strings.Join(alts, "|") + `)`)
}()

// OSText is a message for the player with the operating system's English
// reasons in it said in l: German "die Spielberichte lassen sich nicht
// lesen: read /tmp: is a directory" becomes "… lesen: /tmp: ist ein
// Verzeichnis, keine Datei". English messages stay as they are.
func OSText(s string, l validate.Lang) string {
	if l != validate.German {
		return s
	}
	return osPattern.ReplaceAllStringFunc(s, func(m string) string {
		sub := osPattern.FindStringSubmatch(m)
		de := sub[2]
		for _, t := range osTexts {
			if t[0] == sub[2] {
				de = t[1]
				break
			}
		}
		if sub[1] != "" {
			return sub[1] + ": " + de
		}
		return de
	})
}

// OSError is an operating system's error in l: its reason in the
// language, after the path it is about ("/tmp: ist ein Verzeichnis, keine
// Datei"). Any other error is err.Error() with its reasons said in l.
func OSError(err error, l validate.Lang) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return OSText(pe.Path+": "+pe.Err.Error(), l)
	}
	return OSText(err.Error(), l)
}
