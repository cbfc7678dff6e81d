package scoresheet_test

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func ExampleJudge() {
	rec, _ := scoresheet.DecodeRecord(strings.NewReader(`{
		"game": "5050", "options": {}, "players": ["Anna", "Ben"],
		"turns": [
			{"player": "Anna", "throws": [{"roll": [1,1,1,5,2,3], "keep": [1,1,1,5]}], "stop": true},
			{"player": "Ben", "throws": [{"roll": [3,3,3,2,4,6], "keep": [3,3,3]}], "stop": true}
		]}`))
	v, _ := scoresheet.Judge(rec, validate.English)
	fmt.Println(v.Valid, v.Totals["Anna"], v.Error.Turn, v.Error.Message)
	// Output:
	// false 1050 1 stopping needs 350 or more points in the current pass (this pass has 300)
}
