package review

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// totValues are the expected points of a Totwürfeln turn that has n dice
// alive, for n = 0 … the game's dice, exactly: each die shows a killer face
// with chance q (and drops out), else one of the other faces with mean m;
// with killerwurf_zaehlt_nicht a throw with a killer scores nothing.
//
//	E[n] = (a(n) + Σ_{k≥1} P(k of n die) E[n−k]) / (1 − P(0 of n die))
func totValues(r *validate.Rules) []float64 {
	kill := 0
	sum := 0
	for f := 1; f <= 6; f++ {
		if r.IsKiller(f) {
			kill++
		} else {
			sum += f
		}
	}
	q := float64(kill) / 6
	mean := 0.0
	if kill < 6 {
		mean = float64(sum) / float64(6-kill)
	}
	n := r.Dice()
	e := make([]float64, n+1)
	for live := 1; live <= n; live++ {
		var a, rest float64
		p0 := 0.0
		for k := 0; k <= live; k++ {
			p := binom(live, k) * pow(q, k) * pow(1-q, live-k)
			if k == 0 || !r.Options.KillerwurfZaehltNicht {
				a += float64(p * float64(live-k) * mean)
			}
			if k == 0 {
				p0 = p
			} else {
				rest += float64(p * e[live-k])
			}
		}
		if p0 < 1 {
			e[live] = (a + rest) / (1 - p0)
		}
	}
	return e
}

func binom(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

func pow(x float64, k int) float64 {
	p := 1.0
	for range k {
		p *= x
	}
	return p
}

// totTurn reviews one Totwürfeln turn: no decisions, the luck of each
// throw against the exact expected points of the turn.
func (w *walker) totTurn(turn, seat int) error {
	if w.tot == nil {
		w.tot = totValues(w.g.Rules)
	}
	g := w.g
	p := &w.rv.Players[seat]
	t := g.TotTurn().Clone()
	p.TurnValueSum += w.tot[t.Live()]
	for w.pos < len(w.entries) && g.NumTurns() == turn && !g.Finished() {
		e, err := w.apply()
		if err != nil {
			return err
		}
		if e.Kind != scoresheet.EntryThrow {
			return fmt.Errorf("review: turn %d: unexpected entry %q", turn, e.Kind)
		}
		before, pts := w.tot[t.Live()], t.Points()
		if err := t.Throw(e.Roll); err != nil {
			return fmt.Errorf("review: turn %d: the engine refuses a throw the game took: %w", turn, err)
		}
		p.Luck += float64(t.Points()-pts) + w.tot[t.Live()] - before
		if t.Done() {
			p.Banked += t.Points()
		}
	}
	return nil
}
