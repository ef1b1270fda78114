// Command example is the README's Go example, kept here so that it is
// compiled, and run by integration/client_test.go: the README's Form A
// search through the generated client, printed as its Python and
// JavaScript examples print it.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/contractsearch/contractsearch/client"
)

func main() {
	base := os.Getenv("BASE")
	if base == "" {
		base = "http://localhost:8080"
	}
	c, err := client.NewClientWithResponses(base, client.WithToken(os.Getenv("TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	q := "governing law"
	var body client.SearchRequest
	err = body.FromFormARequest(client.FormARequest{Query: client.FormAQuery{
		Q: &q, Category: &client.AttributeFilter{"license-agreement": ""},
	}})
	if err != nil {
		log.Fatal(err)
	}
	resp, err := c.SearchWithResponse(context.Background(), nil, body)
	if err != nil {
		log.Fatal(err)
	}
	if resp.JSON200 == nil { // every error has OpenSearch's shape: resp.JSON400, JSON401 …
		log.Fatalf("%s: %s", resp.Status(), resp.Body)
	}
	answer, err := resp.JSON200.AsFormAResponse()
	if err != nil {
		log.Fatal(err)
	}
	var counts []string
	for _, b := range answer.Aggregations.UnderscoreIndex.Buckets {
		counts = append(counts, fmt.Sprintf("%s: %d", b.Key, b.DocCount))
	}
	fmt.Println(answer.Hits.Total.Value, "hits; by index:", strings.Join(counts, ", "))
	for _, hit := range answer.Hits.Hits[:min(3, len(answer.Hits.Hits))] {
		fmt.Printf("%.3f %s %s\n", *hit.UnderscoreScore, *hit.UnderscoreSource.Name, *hit.UnderscoreSource.Url)
		if hit.Highlight != nil && len((*hit.Highlight)["body"]) > 0 {
			fmt.Println("   ", (*hit.Highlight)["body"][0])
		}
	}
}
