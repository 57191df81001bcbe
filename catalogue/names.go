package catalogue

import (
	"strings"
	"unicode"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// NameWords splits a tool name into lower-case words: snake_case, camelCase,
// PascalCase, acronyms (getInvoiceByID is get invoice by id, HTTPServerURL
// is http server url), digits (v2ListUsers is v2 list users), dots, dashes,
// spaces and OpenAPI paths (/orders/{order_id}/charges is orders order id
// charges). A letter followed by digits stays one word (v2, oauth2).
func NameWords(name string) []string {
	// One reading of names serves the whole product: the router matches
	// these same words.
	return tokenize.SplitName(name)
}

// nameFromSummary names an operation that has no operationId: the action is
// the summary's first word ("Cancel a subscription" gives cancel), or, with
// no summary, one the method implies; the object is the path's last literal
// segment that is not the action, made singular when a parameter follows it
// (/subscriptions/{id}/cancel gives subscription). The words are joined with
// underscores: cancel_subscription.
func nameFromSummary(summary, method, path string) string {
	action := summaryAction(summary)
	var segs []string
	var param []bool
	for _, s := range strings.Split(path, "/") {
		switch {
		case s == "":
		case strings.HasPrefix(s, "{"):
			if len(param) > 0 {
				param[len(param)-1] = true
			}
		default:
			segs = append(segs, s)
			param = append(param, false)
		}
	}
	if action == "" {
		last := len(param) > 0 && param[len(param)-1] && strings.HasSuffix(strings.TrimRight(path, "/"), "}")
		action = methodAction(method, last)
	}
	var object []string
	for i := len(segs) - 1; i >= 0; i-- {
		words := NameWords(segs[i])
		if len(words) == 0 {
			continue
		}
		if i == len(segs)-1 && len(words) == 1 && (words[0] == action || singular(words[0]) == action) {
			continue // /subscriptions/{id}/cancel: cancel is the action
		}
		if param[i] {
			words[len(words)-1] = singular(words[len(words)-1])
		}
		object = words
		break
	}
	if action == "" {
		return strings.Join(object, "_")
	}
	return strings.Join(append([]string{action}, object...), "_")
}

// summaryAction returns the summary's first word in lower case, as a verb's
// base form ("Lists orders" gives list).
func summaryAction(summary string) string {
	words := strings.FieldsFunc(summary, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' })
	if len(words) == 0 {
		return ""
	}
	w := strings.ToLower(strings.Trim(words[0], "-'"))
	return baseForm(w)
}

// baseForm undoes the third person singular of an English verb: returns,
// searches, copies.
func baseForm(w string) string {
	switch {
	case len(w) <= 3:
		return w
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes") && !strings.HasSuffix(w, "izes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// singular makes a plural English noun singular by the regular rules.
func singular(w string) string {
	switch {
	case len(w) <= 3:
		return strings.TrimSuffix(w, "s")
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// methodAction is the action an HTTP method implies when the summary gives
// none; item says the path ends in a parameter (one thing, not a list).
func methodAction(method string, item bool) string {
	switch method {
	case "GET":
		if item {
			return "get"
		}
		return "list"
	case "POST":
		return "create"
	case "PUT", "PATCH":
		return "update"
	case "DELETE":
		return "delete"
	case "HEAD":
		return "check"
	}
	return strings.ToLower(method)
}
