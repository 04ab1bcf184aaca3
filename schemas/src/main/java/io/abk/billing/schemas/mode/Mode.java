package io.abk.billing.schemas.mode;

/**
 * The mode of the API key behind a record: test acts on the test chain (or the sandbox) and follows its merchant's
 * test clock, live acts on the main chain and the wall clock. Test and live data never mix. Plain Java, so every
 * domain can use it; on the wire it is the generated {@code io.abk.billing.schemas.avro.Mode}
 * ({@link ModeMapper}).
 */
public enum Mode {
    TEST("test"),
    LIVE("live");

    private final String label;

    Mode(String label) {
        this.label = label;
    }

    /** The lower-case name used in messages and logs. */
    public String label() {
        return label;
    }
}
