package opensearch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/mappings"
)

// CreateIndexes creates the six concrete indexes of version from the
// mapping definitions, in byte order of their logical names. It stops at
// the first failure; indexes already created stay (Ingest deletes them).
func (b *Backend) CreateIndexes(ctx context.Context, version string) error {
	_, err := b.createIndexes(ctx, version)
	return err
}

// createIndexes is CreateIndexes, also returning the indexes it created, so
// a failed ingest deletes only those: on a name clash the existing indexes
// belong to someone else.
func (b *Backend) createIndexes(ctx context.Context, version string) ([]string, error) {
	if err := ValidVersion(version); err != nil {
		return nil, fmt.Errorf("opensearch: create indexes: %w", err)
	}
	var created []string
	for _, name := range mappings.Names() {
		index := b.ConcreteName(name, version)
		def := b.mappings.Index(name).Definition
		op := "create index " + index
		r, err := b.call(ctx, op, http.MethodPut, func() opensearch.Request {
			return opensearchapi.IndicesCreateReq{Index: index, Body: bytes.NewReader(def)}
		})
		if err != nil {
			return created, err
		}
		if r.status >= 300 {
			return created, failure(op, r)
		}
		created = append(created, index)
	}
	return created, nil
}

// aliasAction is one action of a POST /_aliases body.
type aliasAction struct {
	Add    *aliasTarget `json:"add,omitempty"`
	Remove *aliasTarget `json:"remove,omitempty"`
}

type aliasTarget struct {
	Index string `json:"index"`
	Alias string `json:"alias"`
}

// SwitchAliases points all six aliases at the indexes of version. It reads
// where the aliases point now, then sends one POST /_aliases with, per
// alias, a remove from every index currently holding it and an add to the
// new index. OpenSearch applies the actions of one request as one cluster
// state update, so searches see either the old version or the new one,
// never a mix nor a moment without an alias.
//
// The current holders are listed explicitly rather than as a pattern
// (<prefix><name>-*): on a first deployment no index matches, and alias
// actions resolve indexes with allowNoIndices=false
// (IndicesAliasesRequest.INDICES_OPTIONS), so such a remove would fail the
// whole request. The read and the update are two requests, so two
// ingests switching at the same moment are not guarded against each other
// (both could read the same holders, and an alias could end up on both new
// versions); run one ingest at a time.
func (b *Backend) SwitchAliases(ctx context.Context, version string) error {
	if err := ValidVersion(version); err != nil {
		return fmt.Errorf("opensearch: switch aliases: %w", err)
	}
	current, err := b.aliasHolders(ctx)
	if err != nil {
		return err
	}
	var actions []aliasAction
	for _, name := range mappings.Names() {
		alias, target := b.AliasName(name), b.ConcreteName(name, version)
		for _, index := range current[alias] {
			if index != target {
				actions = append(actions, aliasAction{Remove: &aliasTarget{Index: index, Alias: alias}})
			}
		}
		actions = append(actions, aliasAction{Add: &aliasTarget{Index: target, Alias: alias}})
	}
	body, err := json.Marshal(struct {
		Actions []aliasAction `json:"actions"`
	}{actions})
	if err != nil {
		return fmt.Errorf("opensearch: switch aliases: %w", err)
	}
	const op = "switch aliases"
	r, err := b.call(ctx, op, http.MethodPost, func() opensearch.Request {
		return opensearchapi.AliasesReq{Body: bytes.NewReader(body)}
	})
	if err != nil {
		return err
	}
	if r.status >= 300 {
		return failure(op, r)
	}
	var ack struct {
		Acknowledged bool `json:"acknowledged"`
	}
	if err := json.Unmarshal(r.body, &ack); err != nil || !ack.Acknowledged {
		// The update was accepted but not confirmed by every node in time;
		// it may still apply, so the caller must not treat it as undone.
		return fmt.Errorf("opensearch: %s: not acknowledged by the cluster in time (it may still apply): %s", op, r.body)
	}
	return nil
}

// aliasHolders returns, per alias name, the sorted concrete indexes holding
// it. Missing aliases are simply absent: GET /_alias/<names> answers 404
// with the aliases it did find plus "error" and "status" members.
func (b *Backend) aliasHolders(ctx context.Context) (map[string][]string, error) {
	names := b.aliasNames()
	const op = "read aliases"
	r, err := b.call(ctx, op, http.MethodGet, func() opensearch.Request {
		return opensearchapi.AliasGetReq{Alias: names}
	})
	if err != nil {
		return nil, err
	}
	if r.status != http.StatusOK && r.status != http.StatusNotFound {
		return nil, failure(op, r)
	}
	byIndex, err := decodeAliasListing(r.body)
	if err != nil {
		if r.status == http.StatusNotFound {
			// A 404 that is not the alias listing (e.g. no such endpoint).
			return nil, failure(op, r)
		}
		return nil, fmt.Errorf("opensearch: %s: decode: %w", op, err)
	}
	out := make(map[string][]string)
	for index, aliases := range byIndex {
		for _, a := range aliases {
			out[a] = append(out[a], index)
		}
	}
	for _, v := range out {
		sort.Strings(v)
	}
	return out, nil
}

// decodeAliasListing decodes {"<index>":{"aliases":{"<alias>":{…}}},…},
// skipping the "error" and "status" members of a 404 listing.
func decodeAliasListing(body []byte) (map[string][]string, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(raw))
	for index, v := range raw {
		if index == "error" || index == "status" {
			continue
		}
		var entry struct {
			Aliases map[string]json.RawMessage `json:"aliases"`
		}
		if err := json.Unmarshal(v, &entry); err != nil {
			return nil, fmt.Errorf("index %q: %w", index, err)
		}
		names := make([]string, 0, len(entry.Aliases))
		for a := range entry.Aliases {
			names = append(names, a)
		}
		sort.Strings(names)
		out[index] = names
	}
	return out, nil
}

// versionInfo is one version found in the cluster.
type versionInfo struct {
	version string
	indexes []string // concrete names, sorted
	live    bool     // one of its indexes holds one of the aliases
}

// listVersions lists the versions present in the cluster, oldest first,
// from one GET /<prefix><name>-*,…/_alias (every matching open index, with
// its aliases, even when it has none). Names that do not parse as
// <prefix><name>-<version> are ignored.
func (b *Backend) listVersions(ctx context.Context) ([]versionInfo, error) {
	patterns := make([]string, 0, len(mappings.Names()))
	aliases := make(map[string]bool)
	for _, n := range mappings.Names() {
		patterns = append(patterns, b.prefix+n+"-*")
		aliases[b.AliasName(n)] = true
	}
	const op = "list versions"
	r, err := b.call(ctx, op, http.MethodGet, func() opensearch.Request {
		return opensearchapi.AliasGetReq{Indices: patterns}
	})
	if err != nil {
		return nil, err
	}
	if r.status != http.StatusOK {
		return nil, failure(op, r)
	}
	byIndex, err := decodeAliasListing(r.body)
	if err != nil {
		return nil, fmt.Errorf("opensearch: %s: decode: %w", op, err)
	}
	byVersion := make(map[string]*versionInfo)
	for index, held := range byIndex {
		_, version, ok := b.parseConcrete(index)
		if !ok {
			continue
		}
		v := byVersion[version]
		if v == nil {
			v = &versionInfo{version: version}
			byVersion[version] = v
		}
		v.indexes = append(v.indexes, index)
		for _, a := range held {
			if aliases[a] {
				v.live = true
			}
		}
	}
	out := make([]versionInfo, 0, len(byVersion))
	for _, v := range byVersion {
		sort.Strings(v.indexes)
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// DeleteOldVersions deletes old versions and returns the ones it deleted,
// oldest first. It keeps the newest live version (the one the aliases
// point at) and the keep-1 versions just older than it; versions newer
// than the live one are never touched, as another ingest may be loading
// them, and nor is any version an alias still points at. With no live
// version nothing is deleted: without one, "old" has no reference point.
// keep must be at least 1. Ingest calls it with keep 2, so the previous
// version survives for a quick switch back.
func (b *Backend) DeleteOldVersions(ctx context.Context, keep int) ([]string, error) {
	if keep < 1 {
		return nil, fmt.Errorf("opensearch: delete old versions: keep %d: must be at least 1 (the live version)", keep)
	}
	versions, err := b.listVersions(ctx)
	if err != nil {
		return nil, err
	}
	newestLive := -1
	for i, v := range versions {
		if v.live {
			newestLive = i
		}
	}
	if newestLive < 0 {
		return nil, nil
	}
	var deleted []string
	for i := newestLive - keep; i >= 0; i-- {
		if versions[i].live {
			continue
		}
		if err := b.deleteIndexes(ctx, versions[i].indexes); err != nil {
			return deleted, err
		}
		deleted = append(deleted, versions[i].version)
	}
	slices.Reverse(deleted)
	return deleted, nil
}

// deleteVersion deletes whatever exists of version's six indexes, refusing
// if an alias points at any of them. Ingest uses it to drop a version whose
// load failed.
func (b *Backend) deleteVersion(ctx context.Context, version string) error {
	if err := ValidVersion(version); err != nil {
		return fmt.Errorf("opensearch: delete version: %w", err)
	}
	versions, err := b.listVersions(ctx)
	if err != nil {
		return err
	}
	for _, v := range versions {
		if v.version != version {
			continue
		}
		if v.live {
			return fmt.Errorf("opensearch: delete version %s: an alias points at it", version)
		}
		return b.deleteIndexes(ctx, v.indexes)
	}
	return nil
}

func (b *Backend) deleteIndexes(ctx context.Context, indexes []string) error {
	if len(indexes) == 0 {
		return nil
	}
	op := fmt.Sprintf("delete indexes %v", indexes)
	r, err := b.call(ctx, op, http.MethodDelete, func() opensearch.Request {
		return opensearchapi.IndicesDeleteReq{Indices: indexes}
	})
	if err != nil {
		return err
	}
	if r.status >= 300 {
		return failure(op, r)
	}
	return nil
}

// refresh makes everything loaded into version searchable.
func (b *Backend) refresh(ctx context.Context, version string) error {
	indexes := make([]string, 0, len(mappings.Names()))
	for _, n := range mappings.Names() {
		indexes = append(indexes, b.ConcreteName(n, version))
	}
	const op = "refresh"
	r, err := b.call(ctx, op, http.MethodPost, func() opensearch.Request {
		return opensearchapi.IndicesRefreshReq{Index: indexes}
	})
	if err != nil {
		return err
	}
	if r.status >= 300 {
		return failure(op, r)
	}
	return nil
}
