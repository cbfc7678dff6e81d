package main

func runApp(e *env) int {
	usage(e)
	return exitOK
}
