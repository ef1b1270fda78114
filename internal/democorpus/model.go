package democorpus

// blockKind says how a renderer lays out a block.
type blockKind int

const (
	blockTitle   blockKind = iota // the document title, centred
	blockPara                     // a paragraph, with an optional number in Num
	blockHeading                  // a heading on its own line(s): Num, Sep, Head
	blockRunIn                    // Num, then Head as a run-in heading, then Text
	blockDef                      // Num, then Term in quotes, then Text ("means …")
	blockSig                      // a signature block, one line per element of Lines
	blockBreak                    // a break between the agreement and an exhibit
)

// block is one unit of a contract's layout. Builders decide numbering and
// wording; renderers only lay blocks out, so the plain-text, HTML and EDGAR
// forms of one contract always hold the same words.
type block struct {
	Kind blockKind
	Num  string // "5.2", "Section 5.2", "ARTICLE V", "(a)", or ""
	Sep  string // between Num and Head in a heading: " ", "\n", ". "
	Head string
	Term string
	Text string
	// Lines are a signature block's lines.
	Lines []string
}
