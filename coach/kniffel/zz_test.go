package kniffel

import (
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func BenchmarkZZTurn(b *testing.B) {
	s := solverFor(b, kniffelJoker)
	rng := rand.New(rand.NewPCG(1, 1))
	sheets := make([]validate.KniffelBoxes, 64)
	for i := range sheets {
		sheets[i] = randomSheet(rng)
	}
	i := 0
	for b.Loop() {
		s.Turn(sheets[i%len(sheets)])
		i++
	}
}
func BenchmarkZZLattice(b *testing.B) {
	s := solverFor(b, kniffelJoker)
	t := s.Turn(validate.KniffelBoxes{})
	for b.Loop() {
		t.lattice()
	}
}
func BenchmarkZZFinalDist(b *testing.B) {
	s, _, others := endgameWorst(b)
	for b.Loop() {
		s.FinalDist(others[0], 200)
	}
}
