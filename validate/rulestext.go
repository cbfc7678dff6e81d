package validate

// RulesText is the rules of a game in words, for `wuerfelblock rules` and
// the help screen: what the seed says, with the readings the project takes.
func RulesText(g GameID, l Lang) string {
	t, ok := rulesTexts[g]
	if !ok {
		return ""
	}
	if l == German {
		return t[1]
	}
	return t[0]
}

var rulesTexts = map[GameID][2]string{
	Game5050: {`Six dice. Throw all dice not set aside; set aside at least one die, and every
die set aside must belong to a combination of this one throw.
  single 5 = 50, single 1 = 100, three 2s..6s = face×100, three 1s = 1000,
  street 1-2-3-4-5-6 = 1500 and three pairs (also 4 4 4 4 6 6 and six alike) = 1500: both must be confirmed.
  Six 1s are 2000 instead: two triples 1000 + 1000 (the highest reading counts), nothing to confirm.
  Four or five of a kind are no combination: 4 4 4 4 = 400 with one 4 unusable.
A throw with nothing scoring is a bust: the turn's points are lost.
Hurdle: stop only after a successful throw with 350 or more in the current pass.
All six dice aside: stop (if that pass has 350), or take them all again for a new pass,
which needs its own 350 before the next stop.
Confirmation: after a 1500 combination you must throw on, and stop only once the new pass has 350.
Two fives: a 5 may be set aside as a 1 (100) when a second 5 of the same throw is thrown again.
End: once someone has 5050 or more, the round is played to its end. Highest total wins;
on a tie the player who sits earlier wins.`,
		`Sechs Würfel. Alle nicht zur Seite gelegten Würfel werfen; mindestens einen zur Seite legen,
und jeder zur Seite gelegte Würfel muss zu einer Kombination dieses einen Wurfs gehören.
  einzelne 5 = 50, einzelne 1 = 100, drei 2er..6er = Augen×100, drei Einsen = 1000,
  Straße 1-2-3-4-5-6 = 1500 und drei Pärchen (auch 4 4 4 4 6 6 und sechs Gleiche) = 1500: beide müssen bestätigt werden.
  Sechs Einsen zählen dagegen 2000: zwei Drillinge 1000 + 1000 (die höchste Lesart zählt), nichts zu bestätigen.
  Vier oder fünf Gleiche sind keine Kombination: 4 4 4 4 = 400, eine 4 bleibt ungenutzt.
Ein Wurf ohne Punkte ist ein Fehlwurf: die Punkte des Zugs sind verloren.
Hürde: schreiben nur nach einem erfolgreichen Wurf mit 350 oder mehr im laufenden Durchgang.
Alle sechs zur Seite: schreiben (wenn dieser Durchgang 350 hat) oder alle neu aufnehmen;
der neue Durchgang braucht vor dem nächsten Schreiben wieder seine 350.
Bestätigen: nach einer 1500er-Kombination muss weitergewürfelt werden; schreiben erst, wenn der neue Durchgang 350 hat.
Zwei Fünfen: eine 5 darf als 1 (100) zur Seite, wenn eine zweite 5 desselben Wurfs neu geworfen wird.
Ende: hat jemand 5050 oder mehr, wird die Runde zu Ende gespielt. Die meisten Punkte gewinnen;
bei Gleichstand gewinnt, wer früher dran war.`},
	Game5000: {`Five dice. Set aside ALL scoring dice of every throw; throw only the others again.
  single 1 = 100, single 5 = 50, three 2s..6s = face×100, three 1s = 1100,
  four of a kind = triple×2, five of a kind = triple×4, street 1-2-3-4-5 or 2-3-4-5-6 = 1500.
Combinations count only within one throw. Nothing scoring: bust, the turn's points are lost.
All five aside: throw all five again, the points carry on.
Entry: you first need 500 in one turn to stop; after that every stop needs at least 100.
No stop while the turn's points end in 50.
Same score: when your new total equals another player's, that player goes back to 0 and must enter again.
Over 5000: your turn's points go to the entered player with the lowest total (if that does not
take them over 5000; otherwise they are lost). Exactly 5000 wins at once.`,
		`Fünf Würfel. ALLE zählenden Würfel jedes Wurfs kommen zur Seite; nur die anderen werden neu geworfen.
  einzelne 1 = 100, einzelne 5 = 50, drei 2er..6er = Augen×100, drei Einsen = 1100,
  Vierling = Drilling×2, Fünfling = Drilling×4, Straße 1-2-3-4-5 oder 2-3-4-5-6 = 1500.
Kombinationen zählen nur in einem Wurf. Nichts zählt: Fehlwurf, die Punkte des Zugs sind weg.
Alle fünf zur Seite: alle fünf neu werfen, die Punkte laufen weiter.
Einstieg: zuerst braucht man 500 in einem Zug; danach mindestens 100 pro Schreiben.
Kein Schreiben, solange die Punkte des Zugs auf 50 enden.
Gleicher Stand: wer mit seinem neuen Stand einen anderen einholt, setzt diesen auf 0; er muss neu einsteigen.
Über 5000: die Punkte des Zugs gehen an den eingestiegenen Spieler mit dem niedrigsten Stand (sofern er
damit nicht über 5000 kommt; sonst verfallen sie). Genau 5000 gewinnt sofort.`},
	GameZehntausend: {`Five dice (or six). Set aside at least one scoring die per throw, combinations only within one throw.
  single 1 = 100, single 5 = 50, three 2s..6s = face×100, three 1s = 1000,
  four of a kind = face×1000 (four 1s = 10000); more of a kind splits into smaller combinations.
Proving (beweisen): a triple or four of a kind must be proved before you stop: a later throw of the
same turn in which a 1 or 5 is set aside outside a triple or four. A bust before that loses everything.
All dice aside: throw them all again, the points carry on. No minimum to stop.
End: once someone reaches the target (10000), the players after them in the round get one more turn.
Highest total wins; a tie is a shared win. House rules below change combinations and stops.`,
		`Fünf Würfel (oder sechs). Pro Wurf mindestens einen zählenden Würfel zur Seite, Kombinationen nur in einem Wurf.
  einzelne 1 = 100, einzelne 5 = 50, drei 2er..6er = Augen×100, drei Einsen = 1000,
  Vierling = Augen×1000 (vier Einsen = 10000); mehr Gleiche zerfallen in kleinere Kombinationen.
Beweisen: ein Dreier- oder Viererpasch muss vor dem Schreiben bewiesen werden: in einem späteren Wurf
desselben Zugs wird eine 1 oder 5 außerhalb eines Paschs zur Seite gelegt. Ein Fehlwurf vorher kostet alles.
Alle Würfel zur Seite: alle neu werfen, die Punkte laufen weiter. Kein Mindestwert zum Schreiben.
Ende: erreicht jemand das Ziel (10000), kommen die Spieler nach ihm in der Runde noch einmal dran.
Die meisten Punkte gewinnen; Gleichstand ist ein geteilter Sieg. Die Hausregeln unten ändern Kombinationen und Schreiben.`},
	GameRueckwaerts: {`Players throw in turn, each ONE throw with the dice the previous player left, and set aside
all scoring dice; the points lie out on the table and add up. Combinations as in Zehntausend,
plus streets 1-2-3-4-5 / 2-3-4-5-6 = 1000 and, with six dice, three pairs = 1500; no proving.
When all dice are set aside, the next player takes them all again.
The first player whose throw scores nothing gets the points on the table as minus points; the
table goes back to 0 and the next player starts with all dice.
Whoever first has 10000 or more minus points loses; the fewest minus points win (tie: shared).`,
		`Reihum wirft jeder EINMAL mit den Würfeln, die der Vorgänger übrig ließ, und legt alle
zählenden Würfel heraus; die Punkte liegen aus und summieren sich. Kombinationen wie bei Zehntausend,
dazu Straße 1-2-3-4-5 / 2-3-4-5-6 = 1000 und mit sechs Würfeln drei Pärchen = 1500; kein Beweisen.
Sind alle Würfel heraus, nimmt der Nächste wieder alle.
Der Erste, dessen Wurf nichts zählt, bekommt die ausliegenden Punkte als Minuspunkte; der Tisch wird
geleert und der Nächste beginnt mit allen Würfeln.
Wer zuerst 10000 Minuspunkte oder mehr hat, verliert; die wenigsten Minuspunkte gewinnen (Gleichstand: geteilt).`},
	GameKniffel: {`Five dice, up to three throws per turn; before each further throw keep any dice (also ones
kept before may be thrown again). Then enter the dice in a free box; every box once per game.
Upper section: sum of the matching faces; bonus +35 when the upper sum is 63 or more.
Three / four of a kind: sum of all dice. Full house (three and two of another face) 25.
Small straight (four in a row) 30, large straight (five in a row) 40, Kniffel (five alike) 50,
Chance: sum. A box the dice don't fit can be struck with 0.
Kniffel bonus: each further Kniffel while the Kniffel box holds 50 earns 100 (the dice still go in a free box).
Highest total wins; a tie is a shared win.`,
		`Fünf Würfel, bis zu drei Würfe pro Zug; vor jedem weiteren Wurf beliebige Würfel behalten (auch
vorher behaltene dürfen neu geworfen werden). Dann die Würfel in ein freies Feld eintragen; jedes Feld einmal.
Oben: Summe der passenden Augen; Bonus +35 ab 63 Punkten oben.
Dreier- / Viererpasch: Summe aller Würfel. Full House (drei und zwei einer anderen Zahl) 25.
Kleine Straße (vier in Folge) 30, Große Straße (fünf in Folge) 40, Kniffel (fünf Gleiche) 50,
Chance: Summe. Passt nichts, wird ein Feld mit 0 gestrichen.
Kniffel-Bonus: jeder weitere Kniffel bringt 100, solange im Kniffel-Feld 50 stehen (die Würfel kommen trotzdem in ein freies Feld).
Die meisten Punkte gewinnen; Gleichstand ist ein geteilter Sieg.`},
	GameTotwuerfeln: {`Before the game fix the killer number(s) and the number of dice.
A turn: throw all live dice; the pips of dice not showing a killer number are added to your points;
dice showing a killer number are out. Throw the rest again until no die is left.
After the agreed rounds the most points win; a tie is a shared win.`,
		`Vor dem Spiel werden Killerzahl(en) und Würfelzahl festgelegt.
Ein Zug: alle lebenden Würfel werfen; die Augen der Würfel ohne Killerzahl werden addiert;
Würfel mit Killerzahl scheiden aus. Die übrigen neu werfen, bis kein Würfel mehr übrig ist.
Nach den vereinbarten Runden gewinnen die meisten Punkte; Gleichstand ist ein geteilter Sieg.`},
	GameDreissigTot: {`Six dice; every account starts at 30. Throw, set aside at least one die after each throw,
until all six are aside; add their pips.
Exactly 30: nothing happens. Less: the difference comes off your account.
More: the difference (1–6) is the target face; throw all six at your Vordermann (the player before you;
for the first player, the last one): dice showing the target are set aside and count; throw the
rest again until a throw shows no target face or no dice are left. The counted pips come off
the Vordermann's account.
The game ends as soon as an account is at 0 or below; the highest account wins (tie: shared).`,
		`Sechs Würfel; jedes Konto beginnt mit 30. Werfen, nach jedem Wurf mindestens einen Würfel zur Seite,
bis alle sechs liegen; die Augen zählen.
Genau 30: nichts passiert. Weniger: die Differenz geht vom eigenen Konto ab.
Mehr: die Differenz (1–6) ist die Zielzahl; mit allen sechs auf den Vordermann würfeln (den Spieler vor dir;
für den ersten Spieler den letzten): Würfel mit der Zielzahl kommen zur Seite und zählen; den Rest
neu werfen, bis ein Wurf keine Zielzahl zeigt oder keine Würfel übrig sind. Die Augen gehen vom Konto
des Vordermanns ab.
Das Spiel endet, sobald ein Konto bei 0 oder darunter ist; das höchste Konto gewinnt (Gleichstand: geteilt).`},
}
