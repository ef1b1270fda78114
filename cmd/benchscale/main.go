// Command benchscale is `make bench-scale SCALE=N` (issue 11): it
// replicates CUAD's bulk file N times (internal/benchscale.Replicate),
// builds the engine's index (cmd/ingest) and the Lucene oracle's from the
// same file, measuring each build's wall time and peak RSS, starts the
// gateway on the engine's index (open time, resident memory once ready)
// and drives it at concurrency 1, 2 and 8, then answers the side-by-side
// query set with the engine (in this process) and the oracle in
// alternating rounds, and writes everything to the results file.
//
//	benchscale -scale N -base cuad.ndjson -bin BIN -oracle ORACLE [-work DIR] [-out FILE]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/benchscale"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/internal/runinfo"
	"github.com/contractsearch/contractsearch/internal/stress"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchscale:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	scale                       int
	base, bin, oracle, mappings string
	work, out                   string
	rounds, repeat, warmup      int
	requests                    int
	keepBulk, reuse             bool
	sourceCache                 int
	concurrencies               []int
}

func run() error {
	var o options
	flag.IntVar(&o.scale, "scale", 0, "copies of the corpus (required)")
	flag.StringVar(&o.base, "base", "", "the bulk NDJSON file to replicate: CUAD's, as `cmd/ingest -bulk-out` writes it (required)")
	flag.StringVar(&o.bin, "bin", "bin", "folder of the ingest and gateway binaries")
	flag.StringVar(&o.oracle, "oracle", "", "the built Lucene oracle (a copy of ../shared/tools/lucene-oracle after build.sh) (required)")
	flag.StringVar(&o.mappings, "mappings", "mappings", "the mappings folder the oracle reads")
	flag.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "contractsearch-benchscale"), "working folder (bulk file, both indexes, logs)")
	flag.StringVar(&o.out, "out", "", "results file (default bench/scale-<N>.txt)")
	flag.IntVar(&o.rounds, "rounds", 3, "alternating rounds of the query set on each side")
	flag.IntVar(&o.repeat, "repeat", 5, "timed runs of each query per round")
	flag.IntVar(&o.warmup, "warmup", 2, "untimed runs of each query per round")
	flag.IntVar(&o.requests, "requests", 300, "gateway requests per kind and concurrency")
	flag.BoolVar(&o.keepBulk, "keep-bulk", false, "keep the replicated bulk file once both indexes are built")
	flag.IntVar(&o.sourceCache, "source-cache", 0, "bytes of the in-process engine's cache of decompressed sources (0: off, so that every timed run decompresses its hits as on their first read; the gateway keeps its default)")
	flag.BoolVar(&o.reuse, "reuse", false, "reuse both indexes of an earlier run in -work (no replication or build numbers)")
	flag.Parse()
	if o.scale < 1 || o.base == "" || o.oracle == "" {
		flag.Usage()
		return errors.New("-scale, -base and -oracle are required")
	}
	if o.out == "" {
		o.out = fmt.Sprintf("bench/scale-%d.txt", o.scale)
	}
	o.concurrencies = []int{1, 2, 8}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	r := &report{options: o, start: time.Now(), load: runinfo.LoadAverage(), commit: runinfo.Commit(), command: strings.Join(os.Args, " ")}
	if err := os.MkdirAll(o.work, 0o755); err != nil {
		return err
	}
	if !o.reuse {
		if err := checkSpace(o); err != nil {
			return err
		}
		bulk := filepath.Join(o.work, "bulk.ndjson")
		if err := replicate(o, bulk, r); err != nil {
			return err
		}
		if err := buildIndexes(ctx, o, bulk, r); err != nil {
			return err
		}
		if !o.keepBulk {
			if err := os.Remove(bulk); err != nil {
				return err
			}
		}
	}
	if err := gateway(ctx, o, r); err != nil {
		return err
	}
	if err := sideBySide(ctx, o, r); err != nil {
		return err
	}
	return r.write(o.out)
}

// engineIndex and oracleIndex are the two indexes' folders in work.
func engineIndex(o options) string { return filepath.Join(o.work, "engine-index") }
func oracleIndex(o options) string { return filepath.Join(o.work, "oracle-index") }

// checkSpace refuses to start when the working folder's disk cannot hold
// the bulk file and both indexes (each about as large as the bulk file,
// measured at 1× and 2×), so a 32× run fails at once rather than after
// an hour.
func checkSpace(o options) error {
	info, err := os.Stat(o.base)
	if err != nil {
		return err
	}
	need := 3 * info.Size() * int64(o.scale)
	var st syscall.Statfs_t
	if err := syscall.Statfs(o.work, &st); err != nil {
		return fmt.Errorf("free space of %s: %w", o.work, err)
	}
	free := int64(st.Bavail) * st.Bsize
	if free < need {
		return fmt.Errorf("%s has %d MiB free; the bulk file and both indexes need about %d MiB", o.work, free>>20, need>>20)
	}
	return nil
}

func replicate(o options, bulk string, r *report) error {
	f, err := os.Create(bulk)
	if err != nil {
		return err
	}
	start := time.Now()
	stats, err := benchscale.Replicate(f, func() (io.ReadCloser, error) { return os.Open(o.base) }, o.scale, func(k int) {
		progress("replicated copy %d of %d", k+1, o.scale)
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	r.replicate = stats
	r.replicateTime = time.Since(start)
	return nil
}

func buildIndexes(ctx context.Context, o options, bulk string, r *report) error {
	for _, dir := range []string{engineIndex(o), oracleIndex(o)} {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	progress("building the engine's index (cmd/ingest; log: %s)", filepath.Join(o.work, "engine-index.log"))
	eng := exec.CommandContext(ctx, filepath.Join(o.bin, "ingest"), "-in", bulk, "-index-dir", engineIndex(o), "-progress", "lines")
	m, err := runLogged(eng, filepath.Join(o.work, "engine-index.log"), engineIndex(o))
	if err != nil {
		return err
	}
	r.engineBuild = m
	if r.engineBytes, err = benchscale.DirBytes(engineIndex(o)); err != nil {
		return err
	}
	progress("engine index built in %s; building the oracle's (log: %s)", m.Wall.Round(time.Second), filepath.Join(o.work, "oracle-index.log"))
	orc := exec.CommandContext(ctx, filepath.Join(o.oracle, "run.sh"), "index", "--mappings", o.mappings, "--data", bulk, "--out", oracleIndex(o))
	if m, err = runLogged(orc, filepath.Join(o.work, "oracle-index.log"), oracleIndex(o)); err != nil {
		return err
	}
	r.oracleBuild = m
	if r.oracleBytes, err = benchscale.DirBytes(oracleIndex(o)); err != nil {
		return err
	}
	progress("oracle index built in %s", m.Wall.Round(time.Second))
	return nil
}

// runLogged runs cmd measured, its output to logPath, and says every
// minute how long it has run and how much it has written to dir (a bulk
// build prints no progress of its own).
func runLogged(cmd *exec.Cmd, logPath, dir string) (benchscale.Measured, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return benchscale.Measured{}, err
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	done := make(chan struct{})
	defer close(done)
	go func() {
		start := time.Now()
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				n, _ := benchscale.DirBytes(dir) // files come and go during a build
				progress("%s running for %s, %.0f MiB in %s", filepath.Base(cmd.Path), time.Since(start).Round(time.Second), mib(n), dir)
			}
		}
	}()
	m, err := benchscale.RunMeasured(cmd)
	if err != nil {
		return m, fmt.Errorf("%w (log: %s)", err, logPath)
	}
	return m, nil
}

// gateway starts the gateway on the engine's index, measures its open time
// and resident memory once ready, and drives it with each kind of the
// gateway requests at each concurrency.
func gateway(ctx context.Context, o options, r *report) error {
	reqs, err := benchscale.GatewayRequests()
	if err != nil {
		return err
	}
	logPath := filepath.Join(o.work, "gateway.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close()
	const token = "benchscale-token"
	env := []string{
		"PATH=" + os.Getenv("PATH"), "API_TOKENS=" + token, "INDEX_DIR=" + engineIndex(o), "INDEX_POLL_INTERVAL=1h",
		"SHUTDOWN_DRAIN=0s", "LOG_LEVEL=info",
		// Throughput, not the rate limiter, is measured.
		"RATE_LIMIT_RPS=100000", "RATE_LIMIT_BURST=100000",
	}
	progress("starting the gateway (log: %s)", logPath)
	start := time.Now()
	startCtx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	g, err := stress.StartGateway(startCtx, filepath.Join(o.bin, "gateway"), env, logFile)
	cancel()
	if err != nil {
		return fmt.Errorf("%w (log: %s)", err, logPath)
	}
	defer g.Stop()
	if err := g.WaitReady(ctx, 10*time.Minute); err != nil {
		return fmt.Errorf("%w (log: %s)", err, logPath)
	}
	r.openTime = time.Since(start)
	if r.openRSS, err = g.RSS(); err != nil {
		return err
	}
	url := "http://" + g.Addr + "/api/v1alpha/search?token=" + token
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	var kinds []string
	bodies := map[string][][]byte{}
	for _, q := range reqs {
		if bodies[q.Kind] == nil {
			kinds = append(kinds, q.Kind)
		}
		bodies[q.Kind] = append(bodies[q.Kind], q.Body)
	}
	for _, kind := range kinds {
		// One untimed pass, as the side-by-side rounds warm up.
		// Failed requests are counted in the table, not fatal: at 32× a
		// run has already spent an hour building.
		if l, err := benchscale.Drive(ctx, client, url, bodies[kind], 1, len(bodies[kind])); err != nil {
			return err
		} else if l.Errors > 0 {
			progress("gateway: %d of the %d %s requests failed (log: %s)", l.Errors, len(bodies[kind]), kind, logPath)
		}
		for _, c := range o.concurrencies {
			l, err := benchscale.Drive(ctx, client, url, bodies[kind], c, o.requests)
			if err != nil {
				return err
			}
			progress("gateway %s c=%d: %.0f req/s, p50 %.2f ms, p99 %.2f ms", kind, c, l.QPS, l.P50, l.P99)
			r.loads = append(r.loads, kindLoad{kind: kind, queries: len(bodies[kind]), Load: l})
		}
	}
	return timeSetThroughGateway(ctx, client, url, o, r)
}

// timeSetThroughGateway sends each query of the side-by-side set through
// the gateway as a client would (benchscale.SpecBody: the spec's _source
// list), one at a time, and keeps each query's median latency: issue 11's
// whole-request target, set against Lucene's query + fetch per kind.
func timeSetThroughGateway(ctx context.Context, client *http.Client, url string, o options, r *report) error {
	qs, err := benchscale.Queries()
	if err != nil {
		return err
	}
	bodies := make([][]byte, len(qs))
	for i, q := range qs {
		if bodies[i], err = benchscale.SpecBody(q); err != nil {
			return err
		}
	}
	progress("gateway: the %d side-by-side queries as whole requests, %d untimed + %d timed each", len(qs), o.warmup, o.repeat)
	medians, errs, err := benchscale.TimeRequests(ctx, client, url, bodies, o.warmup, o.repeat)
	if err != nil {
		return err
	}
	if errs > 0 {
		progress("gateway: %d of the side-by-side requests did not answer 200", errs)
	}
	r.gatewayErrors = errs
	r.gatewayQuery = map[string]float64{}
	for i, q := range qs {
		r.gatewayQuery[q.ID] = medians[i]
	}
	// The floor: a search that matches nothing and returns nothing costs
	// the round trip, the gateway's handling and an empty answer; no kind
	// can come in under it.
	floor, errs, err := benchscale.TimeRequests(ctx, client, url, [][]byte{[]byte(floorBody)}, 20, 200)
	if err != nil {
		return err
	}
	if errs > 0 {
		return fmt.Errorf("gateway: the floor request %s did not answer 200", floorBody)
	}
	r.gatewayFloor = floor[0]
	return nil
}

// floorBody is the whole request whose latency is the gateway's floor.
const floorBody = `{"query":{"term":{"_index":"none"}},"size":0}`

type kindLoad struct {
	kind    string
	queries int
	benchscale.Load
}

// sideBySide answers the query set with the oracle and the engine in
// alternating rounds and summarizes the timings per kind; the last
// round's answers are compared as `make parity` does.
func sideBySide(ctx context.Context, o options, r *report) error {
	qs, err := benchscale.Queries()
	if err != nil {
		return err
	}
	m, err := mappings.Load()
	if err != nil {
		return err
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		return err
	}
	oracleQueries := filepath.Join(o.work, "oracle-queries.jsonl")
	f, err := os.Create(oracleQueries)
	if err != nil {
		return err
	}
	rejected, err := parity.WriteOracleQueries(f, p, qs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if len(rejected) > 0 {
		return fmt.Errorf("queries rejected by the parser: %v", rejected)
	}
	eqs, err := benchscale.PrepareEngine(p, qs)
	if err != nil {
		return err
	}
	b, err := embedded.Open(engineIndex(o), m, nil, embedded.WithSourceCache(o.sourceCache))
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.Ready(ctx); err != nil {
		return err
	}
	var engine, lucene []map[string]benchscale.Timing
	oracleOut := filepath.Join(o.work, "oracle-answers.jsonl")
	for round := 1; round <= o.rounds; round++ {
		progress("round %d of %d: the oracle answers %d queries", round, o.rounds, len(qs))
		cmd := exec.CommandContext(ctx, filepath.Join(o.oracle, "run.sh"), "query", "--mappings", o.mappings,
			"--index", oracleIndex(o), "--queries", oracleQueries, "--source",
			"--repeat", fmt.Sprint(o.repeat), "--warmup", fmt.Sprint(o.warmup), "--global-warmup", "1")
		out, err := os.Create(oracleOut)
		if err != nil {
			return err
		}
		logPath := filepath.Join(o.work, "oracle-query.log")
		logFile, err := os.Create(logPath)
		if err != nil {
			out.Close()
			return err
		}
		cmd.Stdout, cmd.Stderr = out, logFile
		err = cmd.Run()
		out.Close()
		logFile.Close()
		if err != nil {
			return fmt.Errorf("oracle: %w (log: %s)", err, logPath)
		}
		lt, err := readOracleTimings(oracleOut)
		if err != nil {
			return err
		}
		lucene = append(lucene, lt)
		progress("round %d of %d: the engine answers %d queries", round, o.rounds, len(qs))
		// The oracle's --global-warmup 1: one pass before the timed runs.
		et, err := benchscale.TimeEngine(ctx, b, eqs, 1+o.warmup, o.repeat)
		if err != nil {
			return err
		}
		engine = append(engine, et)
	}
	if r.kinds, err = benchscale.Summarize(benchscale.Kinds, qs, engine, lucene); err != nil {
		return err
	}
	r.queries = len(qs)

	// The answers must be the same for the timings to compare.
	answers := map[string]*parity.Answer{}
	for _, q := range qs {
		a, err := parity.Run(ctx, p, b, q)
		if err != nil {
			return err
		}
		answers[q.ID] = a
	}
	of, err := os.Open(oracleOut)
	if err != nil {
		return err
	}
	oracle, err := parity.ReadAnswers(of)
	of.Close()
	if err != nil {
		return err
	}
	r.parity = parity.CompareAll(qs, answers, oracle, rejected, parity.Options{})
	return nil
}

func readOracleTimings(path string) (map[string]benchscale.Timing, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return benchscale.ReadOracleTimings(f)
}

// report is everything the results file holds.
type report struct {
	options
	start                    time.Time
	load, commit, command    string
	replicate                *benchscale.ReplicateStats
	replicateTime            time.Duration
	engineBuild, oracleBuild benchscale.Measured
	engineBytes, oracleBytes int64
	openTime                 time.Duration
	openRSS                  int64
	loads                    []kindLoad
	kinds                    []benchscale.KindRow
	queries                  int
	// gatewayQuery is each side-by-side query's median latency (µs) as a
	// whole request through the gateway; gatewayErrors counts answers
	// other than 200.
	gatewayQuery  map[string]float64
	gatewayErrors int
	// gatewayFloor is the median latency (µs) of floorBody.
	gatewayFloor float64
	parity       *parity.Report
}

func (r *report) write(path string) error {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("# make bench-scale SCALE=%d, %s, commit %s", r.scale, r.start.UTC().Format(time.RFC3339), r.commit)
	w("# machine: %s/%s, %d cpus, %s, %s; load average at start %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), runtime.Version(), r.load)
	w("# command: %s", r.command)
	w("# took %s", time.Since(r.start).Round(time.Second))
	w("")
	if r.reuse {
		w("(indexes of an earlier run reused: no corpus or build numbers)")
		w("")
	} else {
		r.writeBuild(w)
	}
	w("## open (cmd/gateway on the engine's index: from the process start to /readyz 200; VmRSS then)")
	w("open %.2f s, resident %.0f MiB", r.openTime.Seconds(), mib(r.openRSS))
	w("")
	w("## side by side: %d queries (internal/benchscale/queries.jsonl), %d alternating rounds (oracle, then engine), each query %d untimed + %d timed runs per round", r.queries, r.rounds, r.warmup, r.repeat)
	w("# query phase: engine = embedded.Backend.Search of the parsed request (Form A expanded) with _source: false, inner hits and highlights")
	w("#   removed (query construction, search over the six indexes, collection, aggregations, plus building the page of ids);")
	w("#   Lucene = the oracle's median_us (query construction, search, collection, merge, aggregations; no _id lookup).")
	w("# query + ids: engine = the same search with inner hits on, _source off everywhere (each hit's _id, inner hits' offsets and scores);")
	w("#   Lucene = median_us + fetch_median_us of the same run with --source: its timed fetch is the _id lookup and the inner hits; it reads")
	w("#   _source only after its timed runs (Searcher.decorate), so its query + ids and query + fetch columns are the same number.")
	w("# query + fetch: engine = the same search with whole _source on hits and inner hits, inner hits on, highlights removed")
	w("#   (the oracle has none), the engine's source cache %s.", map[bool]string{true: fmt.Sprintf("at %d bytes", r.sourceCache), false: "off (every hit decompressed as on its first read)"}[r.sourceCache > 0])
	w("# Each query's value is its median over the timed runs (the engine's per round, the oracle's as it reports it), then the")
	w("#   median over the rounds; a kind's value is the median over its queries. Times in µs; ratio = engine ÷ Lucene.")
	w("# engine in this process (embedded.Open; per query, its %d runs of each of the three requests in turn, a GC before each block),", r.repeat)
	w("#   the oracle a JVM (run.sh query, its default JVM flags), one after the other, never at once.")
	w("| kind | queries | query phase engine | Lucene | ratio | query + ids engine | Lucene | ratio | query + fetch engine | Lucene | ratio |")
	w("|---|---|---|---|---|---|---|---|---|---|---|")
	for _, k := range r.kinds {
		w("| %s | %d | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |", k.Kind, k.Queries, k.Engine.Query, k.Lucene.Query, k.Engine.Query/k.Lucene.Query,
			k.Engine.IDs, k.Lucene.IDs, k.Engine.IDs/k.Lucene.IDs, k.Engine.Total, k.Lucene.Total, k.Engine.Total/k.Lucene.Total)
	}
	if p := r.parity; p != nil {
		w("answers compared as make parity does (top 10, scores within 1e-4), last round: %d of %d identical", p.Identical, p.Queries)
		var ids []string
		for id := range p.Mismatches {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			w("  %s: %s", id, strings.Join(p.Mismatches[id], "; "))
		}
	}
	w("")
	w("## gateway (whole requests over HTTP on 127.0.0.1, internal/benchscale/gateway.jsonl, %d requests per line after one untimed pass; latency from sending to the last byte read)", r.requests)
	w("| requests | bodies | concurrency | req/s | p50 ms | p99 ms | errors |")
	w("|---|---|---|---|---|---|---|")
	for _, l := range r.loads {
		w("| %s | %d | %d | %.0f | %.2f | %.2f | %d |", l.kind, l.queries, l.Concurrency, l.QPS, l.P50, l.P99, l.Errors)
	}
	r.writeGatewayKinds(w)
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	fmt.Print(b.String())
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// writeGatewayKinds writes the side-by-side set through the gateway per
// kind, next to Lucene's query + fetch of the same run.
func (r *report) writeGatewayKinds(w func(string, ...any)) {
	if r.gatewayQuery == nil {
		return
	}
	qs, err := benchscale.Queries()
	if err != nil {
		w("(gateway per kind: %v)", err)
		return
	}
	w("")
	w("## gateway per kind: the side-by-side queries as whole requests (structured bodies with the spec's _source list, dsl.FormASource;")
	w("#   Form A as a client sends it, highlights included), one at a time, %d untimed + %d timed each, latency from sending to the last", r.warmup, r.repeat)
	w("#   byte read; the gateway's source cache on (its default), so repeated requests read warm sources. A kind's value is the median")
	w("#   of its queries' medians (µs). Lucene = its query + fetch column above (no _source read, no highlighting). %d answers not 200.", r.gatewayErrors)
	w("# floor: %s, 20 untimed + 200 timed, median %.0f µs (the HTTP round trip, the gateway's handling, an empty answer;", floorBody, r.gatewayFloor)
	w("#   the last column is the floor ÷ Lucene's query + fetch: below it no kind can go)")
	w("| kind | queries | gateway | Lucene query + fetch | ratio | floor ÷ Lucene |")
	w("|---|---|---|---|---|---|")
	lucene := map[string]float64{}
	for _, k := range r.kinds {
		lucene[k.Kind] = k.Lucene.Total
	}
	for _, kind := range append(slices.Clone(benchscale.Kinds), "all") {
		var xs []float64
		for _, q := range qs {
			if kind == "all" || q.Kind == kind {
				xs = append(xs, r.gatewayQuery[q.ID])
			}
		}
		if len(xs) == 0 {
			continue
		}
		g := benchscale.Median(xs)
		if l := lucene[kind]; l > 0 {
			w("| %s | %d | %.0f | %.0f | %.2f | %.2f |", kind, len(xs), g, l, g/l, r.gatewayFloor/l)
		} else {
			w("| %s | %d | %.0f | | | |", kind, len(xs), g)
		}
	}
}

// writeBuild writes the corpus and build sections.
func (r *report) writeBuild(w func(string, ...any)) {
	w("## corpus")
	var idx []string
	var records int64
	for name, n := range r.replicate.Records {
		idx = append(idx, fmt.Sprintf("%s %d", name, n))
		records += n
	}
	sort.Strings(idx)
	w("%s replicated %d× (copy 0 the original; copies 1.. with ids ~k and %d‰ of body and snippet words dropped; category and jurisdiction records shared): %.1f MiB of bulk input, %d records (%s), written in %s",
		filepath.Base(r.base), r.scale, benchscale.DropPerMille, mib(r.replicate.Bytes), records, strings.Join(idx, ", "), r.replicateTime.Round(100*time.Millisecond))
	w("")
	w("## build (wall time; peak RSS = wait4's ru_maxrss of the build process; index = bytes of its files)")
	w("| side | build s | peak RSS MiB | index MiB | MiB/s of bulk input |")
	w("|---|---|---|---|---|")
	for _, s := range []struct {
		name  string
		m     benchscale.Measured
		bytes int64
	}{{"engine (cmd/ingest -index-dir)", r.engineBuild, r.engineBytes}, {"Lucene oracle (run.sh index)", r.oracleBuild, r.oracleBytes}} {
		w("| %s | %.1f | %.0f | %.1f | %.1f |", s.name, s.m.Wall.Seconds(), mib(s.m.PeakRSS), mib(s.bytes), mib(r.replicate.Bytes)/s.m.Wall.Seconds())
	}
	w("")
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "benchscale: %s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown cpu"
	}
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown cpu"
}
