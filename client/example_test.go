package client_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/contractsearch/contractsearch/client"
)

// A Form A search for governing-law clauses in license agreements, against
// the gateway `make run` serves (TOKEN is the token it prints).
func Example() {
	c, err := client.NewClientWithResponses("http://localhost:8080", client.WithToken(os.Getenv("TOKEN")))
	if err != nil {
		log.Fatal(err)
	}
	var body client.SearchRequest
	q := "governing law"
	if err := body.FromFormARequest(client.FormARequest{Query: client.FormAQuery{
		Q:        &q,
		Category: &client.AttributeFilter{"license-agreement": ""},
	}}); err != nil {
		log.Fatal(err)
	}
	resp, err := c.SearchWithResponse(context.Background(), nil, body)
	if err != nil {
		log.Fatal(err)
	}
	if resp.JSON200 == nil { // any other status: the API's Error shape
		log.Fatalf("%s: %s", resp.Status(), resp.Body)
	}
	answer, err := resp.JSON200.AsFormAResponse()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer.Hits.Total.Value, "hits")
	for _, hit := range answer.Hits.Hits {
		fmt.Println(*hit.UnderscoreSource.Name, *hit.UnderscoreSource.Url)
	}
}
