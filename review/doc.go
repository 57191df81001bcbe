// Package review says what a change to a catalogue does to routing, for the
// person who reviews it.
//
// The version in force of a catalogue is the file kept in the repository,
// and every change to it arrives as a pull request. Compare reads the
// catalogue before the change and the one after it and reports, point by
// point, what a reviewer must look at:
//
//   - kind changes first: a read that became a write (every call of it now
//     needs a person's confirmation) and a write that became a read (its
//     calls no longer do);
//   - the tools added, removed, renamed and changed (description, schemas,
//     hints, declarations), with the declarations a tool lost (its
//     compensation, its idempotency); a removed tool and an added one whose
//     schema and description stay nearly the same are one tool renamed,
//     whatever the names;
//   - the lint findings of router.Verify that appear or disappear, the
//     tools the router cannot tell apart first;
//   - the turns whose decision changes (outcome, tool or kind), the old
//     decision beside the new one with the evidence that moved it: the
//     candidates and their scores, and the router's reasons.
//
// # Golden turns
//
// A golden file says what a catalogue must route where. It is in the
// corpus format (see package corpus), one case a line, with turn,
// language (English when absent), expect (a tool's name, or null for a
// turn no tool should take) and optionally accept and id; a catalogue or
// tools field is not needed, as the catalogue under test is given, and is
// ignored when present. Lines that are empty or start with # are skipped.
// LoadTurns reads one, and Check routes its turns against a catalogue and
// returns the misses, scored as route bench scores: a turn that expects a
// tool is right only when that tool (or one it accepts) is selected; a
// turn that expects none is right on none or unread.
//
// Given golden turns, Compare routes each against both catalogues and
// reports every one whose decision changes. Without them it makes turns of
// the changed tools' own words -- each name read as words ("get order"),
// and the first sentence of each description -- so a reviewer still sees
// what would move.
//
// # Exit status
//
// Report.Attention lists what a reviewer must look at: a golden turn whose
// decision changed, a lint error that appeared, a read that became a
// write. route diff exits 1 when it is not empty and 0 when it is, as diff
// and git diff --exit-code do.
//
// # Concurrency
//
// A Report is plain data: safe for concurrent reads, not for concurrent
// writes. Compare and Check may be called concurrently.
package review
