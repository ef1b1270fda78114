// Package web owns the search page: the HTML, script and style sheet a
// browser loads from the gateway to search without writing JSON. The files
// are embedded (no build step, no framework) and served without a token,
// since they hold no data; the page asks for the token, keeps it in the
// tab's sessionStorage, and sends it with every API call it makes. Its
// content security policy lets it load only its own files and talk only to
// its own origin.
package web
