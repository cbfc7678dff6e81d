package validate

import "slices"

// MadeUpGame is a game made from another one's definition, for tests
// outside validate that show a new game needs nothing but its definition
// (AddMadeUpGame). The program itself never makes one.
type MadeUpGame struct {
	Info GameInfo
	// Like is the game whose house rules, combinations, stop rules and
	// statistics' shape it takes.
	Like GameID
	// Vary changes its game facts (nil: Like's).
	Vary func(*Variant)
	// RulesEN and RulesDE are its rules text.
	RulesEN, RulesDE string
}

// AddMadeUpGame adds m to the games (last) and returns what takes it out
// again. It is not safe to call while other goroutines ask for games.
func AddMadeUpGame(m MadeUpGame) (remove func()) {
	base := def(m.Like)
	if base == nil || def(m.Info.ID) != nil {
		panic("validate: a made-up game needs a known game to be like and an id of its own")
	}
	d := *base
	d.info = m.Info
	d.variant = func(o Options) Variant {
		v := base.variant(o)
		if m.Vary != nil {
			m.Vary(&v)
		}
		return v
	}
	defs = append(slices.Clip(defs), &d)
	rulesTexts[m.Info.ID] = [2]string{m.RulesEN, m.RulesDE}
	return func() {
		defs = slices.DeleteFunc(slices.Clone(defs), func(x *gameDef) bool { return x == &d })
		delete(rulesTexts, m.Info.ID)
	}
}
