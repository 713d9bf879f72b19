package screen

import "testing"

func TestANameMatchesTheRegisteredNameWhateverItsSpelling(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, given, registered string
		want                    bool
	}{
		{"case and LTD for LIMITED", "Marzipan Mountain Software Limited", "MARZIPAN MOUNTAIN SOFTWARE LTD", true},
		{"AND for an ampersand", "grumble and sons plumbing ltd", "GRUMBLE & SONS PLUMBING LTD", true},
		{"an ampersand for AND", "Smith & Jones Ltd", "SMITH AND JONES LIMITED", true},
		{"a trailing full stop", "Grumble & Sons Plumbing Ltd.", "GRUMBLE & SONS PLUMBING LTD", true},
		{"the long form of CIC", "Happy Hedgehog Hospital Community Interest Company", "HAPPY HEDGEHOG HOSPITAL C.I.C.", true},
		{"the long form of PLC", "Grand Unified Teapot Holdings Public Limited Company", "GRAND UNIFIED TEAPOT HOLDINGS PLC", true},
		{"PLC written with stops", "Grand Unified Teapot Holdings P.L.C.", "GRAND UNIFIED TEAPOT HOLDINGS PLC", true},
		{"the long form of LLP", "Fiddlesticks and Froggatt Limited Liability Partnership", "FIDDLESTICKS & FROGGATT LLP", true},
		{"CO for COMPANY and a leading THE left out", "Hollow Void Co Ltd", "THE HOLLOW VOID COMPANY LIMITED", true},
		{"Welsh for limited", "Marzipan Mountain Software Cyf", "MARZIPAN MOUNTAIN SOFTWARE LIMITED", true},
		{"Welsh for public limited company", "Teapot Cwmni Cyfyngedig Cyhoeddus", "TEAPOT PLC", true},
		{"accents", "Cafe Ca Va Ltd", "CAFÉ ÇA VA LTD", true},
		{"an apostrophe", "Sprocketts Highland Tablet Limited", "SPROCKETT'S HIGHLAND TABLET LIMITED", true},
		{"a hyphen", "Co-operative Bakers Ltd", "COOPERATIVE BAKERS LTD", true},
		{"brackets and spacing", "Moonraker Estates  Freedonia  S.A.", "MOONRAKER ESTATES (FREEDONIA) S.A.", true},
		{"no legal form given means any", "Marzipan Mountain Software", "MARZIPAN MOUNTAIN SOFTWARE LTD", true},
		{"another legal form", "Grand Unified Teapot Holdings Ltd", "GRAND UNIFIED TEAPOT HOLDINGS PLC", false},
		{"a word more", "Gooseberry Fool Holdings Ltd", "GOOSEBERRY FOOL LTD", false},
		{"a word less", "Gooseberry Fool Ltd", "GOOSEBERRY FOOL HOLDINGS LIMITED", false},
		{"a legal form given where the registered name has none", "Freedonian Rubber Duck Exports Ltd", "FREEDONIAN RUBBER DUCK EXPORTS S.A.", false},
		{"a legal form alone is no name", "Limited", "LIMITED", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := parseName(tc.given).matches(parseName(tc.registered)); got != tc.want {
				t.Fatalf("%q matches %q: %v, want %v (%+v, %+v)", tc.given, tc.registered, got, tc.want, parseName(tc.given), parseName(tc.registered))
			}
		})
	}
}

func TestNamesWrittenDifferentlyAreAskedForOnce(t *testing.T) {
	t.Parallel()
	a, b := Read("Grumble & Sons Plumbing Ltd"), Read("GRUMBLE AND SONS PLUMBING LIMITED")
	if a.Kind != ByName || a.key() != b.key() {
		t.Fatalf("keys %q and %q", a.key(), b.key())
	}
	if c := Read("Grumble & Sons Plumbing PLC"); c.key() == a.key() {
		t.Fatalf("a PLC and a limited company share the key %q", c.key())
	}
}

func TestALineThatSaysANameAndANumberIsCheckedAgainstTheName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text, name    string
		shares, words bool
	}{
		{"MARZIPAN LTD (00006400)", "MARZIPAN MOUNTAIN SOFTWARE LTD", true, true},
		{"Acme Ltd, 00006400", "MARZIPAN MOUNTAIN SOFTWARE LTD", false, true},
		{"Company No. 00006400", "MARZIPAN MOUNTAIN SOFTWARE LTD", false, false},
		{"Reg no 00006400 Ltd", "MARZIPAN MOUNTAIN SOFTWARE LTD", false, false},
	}
	for _, tc := range cases {
		shares, words := sharesAWord(tc.text, tc.name)
		if shares != tc.shares || words != tc.words {
			t.Errorf("sharesAWord(%q, %q) = %v, %v; want %v, %v", tc.text, tc.name, shares, words, tc.shares, tc.words)
		}
	}
}
