package review

import "testing"

func BenchmarkReviewGameWin4(b *testing.B) { benchReviewGameWin(b, 4) }
func BenchmarkReviewGameWin5(b *testing.B) { benchReviewGameWin(b, 5) }
