package router

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// oneTool is a router over a catalogue of one tool, with no parameters.
func oneTool(t *testing.T, name, description string) *Router {
	t.Helper()
	return newClosed(t, &catalogue.Catalogue{Tools: []catalogue.Tool{{Name: name, Description: description}}}, Options{})
}

func TestSpellName(t *testing.T) {
	tests := []struct{ name, text, want string }{
		// Abbreviations: a strict prefix of one word of the text.
		{"calc_area", "Calculate the area of a rectangle.", "calculate area"},
		{"get_contrib", "Retrieve a contribution to a project.", "get contribution"},
		{"create_infra_alert", "Create an alert on the infrastructure.", "create infrastructure alert"},
		{"calc_total", "Calculates the total. The calculation rounds to cents.", "calculates total"},
		// Two words it may be, or none the lexicons know: as written.
		{"infra_check", "Check the infrastructure and the infrared sensors.", "infra check"},
		{"frob_pods", "List the pods of a frobnitz cluster.", "frob pods"},
		{"calc_area", "Work out the area of a room.", "calc area"},
		// The plural of the name's word is no other word.
		{"list_apis", "List the APIs of a project.", "list apis"},
		// Closed compounds.
		{"getweather", "Get the current weather for a city.", "get weather"},
		{"findrestaurants", "Find restaurants near a place.", "find restaurants"},
		{"userprofile", "Returns the profile of a user.", "user profile"},
		{"getuserprofile", "Returns a profile.", "get user profile"},
		{"notebookmark", "Adds a bookmark to a note.", "note bookmark"},
		{"notebookmark", "Adds one.", "notebook mark"},
		// A word the text writes as it is stays one word; so does a known
		// word.
		{"acmebank_pay", "Pay with an AcmeBank card.", "acmebank pay"},
		{"find_roundtrips", "Find roundtrips between two towns.", "find roundtrips"},
		{"find_roundtrips", "Find return journeys between two towns.", "find round trips"},
		{"reset_password", "Reset the password.", "reset password"},
		{"keyboard_layout", "Set the keyboard layout.", "keyboard layout"},
		{"hasstest", "Runs a test.", "hasstest"},
		// Shortenings with no vowel past the first letter.
		{"get_mgr", "Get the manager of a team.", "get manager"},
		{"click_btn", "Click a button on the page.", "click button"},
		{"get_mgr", "Get the MGR record of a manager.", "get mgr"},
		{"sce_list", "List the services.", "sce list"},
		{"sync_ldap", "Sync the users of a directory.", "sync ldap"},
	}
	for _, tt := range tests {
		r := oneTool(t, tt.name, tt.text)
		if got := strings.Join(r.tools[0].words, " "); got != tt.want {
			t.Errorf("words(%q, %q) = %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
}

// TestSpellFromParameters spells a name out by its parameters'
// descriptions.
func TestSpellFromParameters(t *testing.T) {
	schema := `{"type":"object","properties":{"input":{"type":"string","description":"The expression to calculate."}}}`
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{{Name: "calc_expr", Description: "Works it out.", InputSchema: []byte(schema)}}}
	r := newClosed(t, cat, Options{})
	if got, want := strings.Join(r.tools[0].words, " "), "calculate expression"; got != want {
		t.Errorf("words(calc_expr) = %q, want %q", got, want)
	}
}

// TestSpelledNameRead checks that a name spelled out reaches the action,
// the objects and their head, and the share of the name a turn holds; and
// that the name's own word stays its object's stem.
func TestSpelledNameRead(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"calc_area", "Calculate the area of a rectangle.", "calculate [area] head area, 2 words"},
		{"get_contrib", "Retrieve a contribution to a project.", "get [contribution] head contribution, 2 words"},
		{"getweather", "Get the current weather for a city.", "get [weather] head weather, 2 words"},
		{"userprofile", "Retrieve the profile of a user.", "get [user profile] head profile, 2 words"},
	}
	for _, tt := range tests {
		r := oneTool(t, tt.name, tt.text)
		ti := &r.tools[0]
		if got := nameReading(ti) + ", " + strconv.Itoa(ti.nameWords) + " words"; got != tt.want {
			t.Errorf("read(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	r := oneTool(t, "get_contrib", "Retrieve a contribution to a project.")
	ti := &r.tools[0]
	if want := r.an.stemTerm("contrib"); !slices.Contains(ti.stems, want) {
		t.Errorf("stems(get_contrib) = %q, want %q among them", ti.stems, want)
	}
	if ti.headStem != r.an.stemmer.Stem("contribution") {
		t.Errorf("headStem(get_contrib) = %q, want the stem of contribution", ti.headStem)
	}
	// The lints read the words spelled out.
	if got := strings.Join(r.keptNameWords(ti), " "); got != "get contribution" {
		t.Errorf("keptNameWords(get_contrib) = %q, want %q", got, "get contribution")
	}
	if got := r.nameWord(ti, r.an.stemTerm("contrib")); got != "contribution" {
		t.Errorf("nameWord(get_contrib, contrib) = %q, want %q", got, "contribution")
	}
}

// nameReading writes how a tool's name was read: its action, its objects
// and its head ("get [order status] head status").
func nameReading(ti *toolInfo) string {
	var objects []string
	for _, o := range ti.objects {
		objects = append(objects, termName(o))
	}
	head := ""
	if ti.head >= 0 {
		head = termName(ti.objects[ti.head])
	}
	return ti.action + " [" + strings.Join(objects, " ") + "] head " + head
}

// TestNameObjectSide checks which side of a name's verb names its object:
// the side after the verb, unless that side has only modifiers (words
// the wordnet knows as adjectives or adverbs and not as nouns), which
// then qualify the object before the verb.
// TestHeadOuter checks which heads of qualified names are words of the
// parts before the method (toolInfo.headOuter), and that a turn that
// never names one weighs it apart from the head of a name's own words
// (missing_head_outer, missing_head).
func TestHeadOuter(t *testing.T) {
	for _, tt := range []struct {
		name, turn string
		outer      bool
	}{
		{"invoice.get", "get me the stats", true},
		{"social_media_analytics.most_followed", "who is the most followed person", true},
		{"weather.get_by_coordinates_date", "get the stats by coordinates", true},
		{"releases_api.ReleasesApi.delete_release", "delete the stats", false},
		{"game_result.get_winner", "get the stats of the game", false},
		{"get_invoice", "get me the stats", false},
	} {
		r := oneTool(t, tt.name, "")
		if got := r.tools[0].headOuter; got != tt.outer {
			t.Errorf("%s: headOuter = %v, want %v", tt.name, got, tt.outer)
		}
		c := candidate(r.Explain(r.Select(tt.turn)), tt.name)
		if c == nil {
			t.Errorf("%s, %q: no candidate", tt.name, tt.turn)
			continue
		}
		_, outer := feature(c.Features, "missing_head_outer")
		_, own := feature(c.Features, "missing_head")
		if outer != tt.outer || own == tt.outer {
			t.Errorf("%s, %q: missing_head_outer %v, missing_head %v; want the first %v", tt.name, tt.turn, outer, own, tt.outer)
		}
	}
}

func TestNameObjectSide(t *testing.T) {
	tests := []struct{ name, want string }{
		{"music_shop.find_nearby", "search [music store nearbi] head store"},
		{"files_delete_permanently", "delete [file perman] head file"},
		{"crm_contact_create", "create [crm contact] head contact"},
		{"get_order_by_id", "get [order id] head order"},
		{"user_get_profile", "get [profile user] head profile"},
		{"get_order_status", "get [order status] head status"},
		// A word that can be a thing before one that can only be a verb
		// is the thing the verb acts on; a participle there qualifies
		// the thing after it.
		{"ListAddItem", "create [item list] head item"},
		{"UpdateScalingPolicy", "update [scale policy] head policy"},
		{"list_orders", "list [order] head order"},
		// A qualified name's last part is its method: the parts before
		// it name what it belongs to.
		{"releases_api.ReleasesApi.delete_release", "delete [release release api release api] head release"},
		{"invoice.get", "get [invoice] head invoice"},
		// The words before a version number are the name's namespace.
		{"Services_1_FindProvider", "search [provider] head provider"},
		{"RentalCars_3_GetCarsAvailable", "get [car avail] head car"},
		{"get_top_10_orders", "get [top 10 order] head order"},
		// A gerund that ends them names an activity: they are still a
		// namespace.
		{"RideSharing_2_GetRide", "get [taxi] head taxi"},
		{"Messaging_1_ShareLocation", "share [location] head location"},
		// A side that opens with a preposition says by what or where:
		// the object is the other side's.
		{"weather.get_by_coordinates_date", "get [weather coordinates date] head weather"},
		{"HassVacuumReturnToBase", "return [hass vacuum base] head vacuum"},
		// With nothing on the other side, the words after it are all
		// the name has.
		{"get_by_id", "get [id] head id"},
	}
	for _, tt := range tests {
		r := oneTool(t, tt.name, "")
		if got := nameReading(&r.tools[0]); got != tt.want {
			t.Errorf("read(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestMethodAction checks that the method of a qualified name is read by
// its own words, though its namespace's names put their verb last.
func TestMethodAction(t *testing.T) {
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "basketball.player_stats.get"},
		{Name: "basketball.team_stats.get"},
		{Name: "basketball.game_stats.get"},
		{Name: "basketball_scores.get_scores"},
		{Name: "currency_conversion.get_rate"},
		{Name: "google.books_search"},
	}}
	r := newClosed(t, cat, Options{})
	want := []string{"get", "get", "get", "get", "get", "search"}
	for i, w := range want {
		if got := r.tools[i].action; got != w {
			t.Errorf("%s acts by %q, want %q", cat.Tools[i].Name, got, w)
		}
	}
}

// TestCompoundInName checks that two words of a name that make a noun of
// the lexicon name a thing, and neither says what the tool does: an
// exchange rate exchanges nothing, and shopping_list_update updates the
// shopping list. A catalogue whose names end in their verb says it
// there (crm_contact_list lists contacts though "contact list" is a
// noun), and a word that makes no noun with the next stays the verb
// (charge_card charges).
func TestCompoundInName(t *testing.T) {
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "exchange_rate"},
		{Name: "shopping_list_update"},
		{Name: "charge_card"},
		{Name: "book_flight"},
	}}
	r := newClosed(t, cat, Options{})
	for i, w := range []string{"", "update", "charge", "book"} {
		if got := r.tools[i].action; got != w {
			t.Errorf("%s acts by %q, want %q", cat.Tools[i].Name, got, w)
		}
	}
	cat = &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "crm_contact_list"}, {Name: "crm_contact_create"}, {Name: "crm_contact_delete"}, {Name: "crm_deal_update"},
	}}
	r = newClosed(t, cat, Options{})
	if got := r.tools[0].action; got != "list" {
		t.Errorf("crm_contact_list acts by %q, want list", got)
	}
}

// TestActionFromText checks that a name with no verb acts as the first
// verb of its text, read with a particle its object separates it from.
func TestActionFromText(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"HassMediaPrevious", "Skips a media player back to the previous item", "rewind"},
		{"HassMediaNext", "Skips a media player to the next item", "skip"},
		{"HassMediaPause", "Pauses a media player", "pause"},
		{"HassTurnOn", "Turns on a device or entity", "turn_on"},
	}
	cat := &catalogue.Catalogue{}
	for _, tt := range tests {
		cat.Tools = append(cat.Tools, catalogue.Tool{Name: tt.name, Description: tt.text})
	}
	r := newClosed(t, cat, Options{})
	for i, tt := range tests {
		if ti := &r.tools[i]; ti.action != tt.want {
			t.Errorf("%s (%q) acts by %q, want %q", tt.name, tt.text, ti.action, tt.want)
		}
	}
}

// TestSpelledNameTurns routes turns that spell a shortened name out, and
// turns that write it short, typos too.
func TestSpelledNameTurns(t *testing.T) {
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "calc_area", Description: "Calculate the area of a rectangle."},
		{Name: "get_contrib", Description: "Retrieve a contribution to a project."},
		{Name: "getweather", Description: "Get the current weather for a city."},
		{Name: "list_invoices", Description: "List the invoices of a customer."},
	}}
	r := newClosed(t, cat, Options{})
	tests := []struct{ in, want string }{
		{"calculate the area of the kitchen", "calc_area"},
		{"calc the area of the kitchen", "calc_area"},
		{"show me the contribution of ana", "get_contrib"},
		{"show me the contrib of ana", "get_contrib"},
		{"what is the weather in Porto", "getweather"},
	}
	for _, tt := range tests {
		// The name read in full ranks the tool first; whether it is
		// selected is the model's decision.
		if got := r.Shortlist(tt.in, 1); len(got) == 0 || got[0].Tool != tt.want {
			t.Errorf("Shortlist(%q, 1) = %v, want %q first", tt.in, got, tt.want)
		}
	}
	if got, ok := r.nameTypo("contrb"); !ok || got != r.an.stemTerm("contrib") {
		t.Errorf("nameTypo(%q) = %q, %v, want %q", "contrb", got, ok, r.an.stemTerm("contrib"))
	}
	// The explanation names the object in its full word.
	turn := "show me the contribution of ana"
	c := candidate(r.Explain(r.Select(turn)), "get_contrib")
	if c == nil {
		t.Fatalf("Explain(%q) has no candidate get_contrib", turn)
	}
	if f, ok := feature(c.Features, "object_head"); !ok || f.Detail != "contribution" {
		t.Errorf("Explain(%q): get_contrib's object_head = %q, %v, want %q", turn, f.Detail, ok, "contribution")
	}
}

// TestSpellVendorPrefix checks that a word common to most names (a
// vendor prefix) is never spelled out, though a text spells it.
func TestSpellVendorPrefix(t *testing.T) {
	var tools []catalogue.Tool
	for _, o := range []string{"order", "invoice", "refund", "customer"} {
		tools = append(tools, catalogue.Tool{Name: "infra_get_" + o, Description: "Get the " + o + " from the infrastructure."})
	}
	r := newClosed(t, &catalogue.Catalogue{Tools: tools}, Options{})
	for _, ti := range r.tools {
		if ti.words[0] != "infra" {
			t.Errorf("words(%q) = %q, want infra first", ti.tool.Name, ti.words)
		}
	}
}

func TestRegularBases(t *testing.T) {
	tests := []struct{ in, want string }{
		{"calculates", "calculate"},
		{"copies", "copy"},
		{"running", "run"},
		{"shortest", "short"},
		{"shareable", "share"},
		{"happiest", "happy"},
		{"calc", ""},
	}
	for _, tt := range tests {
		got := regularBases(tt.in)
		if tt.want == "" && len(got) > 0 || tt.want != "" && !slices.Contains(got, tt.want) {
			t.Errorf("regularBases(%q) = %q, want %q among them", tt.in, got, tt.want)
		}
	}
}

// TestNamespaceConvention checks that in a catalogue joining vendors, a
// namespace's names keep their own convention and their own prefix: the
// gh tools put the verb last though most of the catalogue puts it first,
// and gh is no object they must be asked by, while a turn that names a
// vendor's prefix still holds it.
func TestNamespaceConvention(t *testing.T) {
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "gh_pull_request_merge", Description: "Merge a pull request."},
		{Name: "gh_pull_request_close", Description: "Close a pull request."},
		{Name: "gh_issue_create", Description: "Open an issue."},
		{Name: "gh_repo_delete", Description: "Delete a repository."},
		{Name: "gh_branch_create", Description: "Create a branch."},
	}}
	for _, v := range []string{"delete", "create", "update", "archive", "restore"} {
		for _, o := range []string{"note", "task", "contact"} {
			cat.Tools = append(cat.Tools, catalogue.Tool{Name: v + "_" + o, Description: "Do it to the " + o + "."})
		}
	}
	r := newClosed(t, cat, Options{})
	if got, want := nameReading(&r.tools[0]), "merge [pull_request gh] head pull_request"; got != want {
		t.Errorf("read(gh_pull_request_merge) = %q, want %q", got, want)
	}
	turn := "merge the pull request"
	c := candidate(r.Explain(r.Select(turn)), "gh_pull_request_merge")
	if c == nil {
		t.Fatalf("Explain(%q) has no candidate gh_pull_request_merge", turn)
	}
	if _, ok := feature(c.Features, "extra_object"); ok {
		t.Errorf("Explain(%q): gh_pull_request_merge has extra_object, want none for its vendor's prefix", turn)
	}
	if f, ok := feature(c.Features, "name_coverage"); !ok || f.Value != 1 {
		t.Errorf("Explain(%q): gh_pull_request_merge's name_coverage = %v, want 1", turn, f.Value)
	}
	turn = "merge the gh pull request"
	c = candidate(r.Explain(r.Select(turn)), "gh_pull_request_merge")
	if f, ok := feature(c.Features, "name_coverage"); c == nil || !ok || f.Value != 1 {
		t.Errorf("Explain(%q): gh_pull_request_merge's name_coverage is not 1", turn)
	}
	// A stop word that begins several names is no vendor's prefix: the
	// name's first word after it still counts in full.
	stops := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "us_economy_gdp", Description: "Gross domestic product of a state."},
		{Name: "us_history_population", Description: "Population of a state in a year."},
		{Name: "us_president_in_year", Description: "The president in a year."},
	}}
	r = newClosed(t, stops, Options{})
	for i := range r.tools {
		if r.tools[i].vendorFirst {
			t.Errorf("%s: vendorFirst, want no vendor's prefix for the stop word us", r.tools[i].tool.Name)
		}
	}
}

// TestAskedNamesHead checks that what a question word asks for names the
// tool's head: "when" asks for a date, "what time" for a time, so neither
// leaves the head unnamed; a question that asks for something else does.
func TestAskedNamesHead(t *testing.T) {
	for _, tt := range []struct {
		name, turn string
		missing    bool
	}{
		{"get_delivery_date", "when is the delivery", false},
		{"get_current_time", "what time is it", false},
		{"get_delivery_date", "where is the delivery", true},
	} {
		r := oneTool(t, tt.name, "")
		c := candidate(r.Explain(r.Select(tt.turn)), tt.name)
		if c == nil {
			t.Errorf("%s, %q: no candidate", tt.name, tt.turn)
			continue
		}
		if _, got := feature(c.Features, "missing_head"); got != tt.missing {
			t.Errorf("%s, %q: missing_head %v, want %v", tt.name, tt.turn, got, tt.missing)
		}
	}
}
