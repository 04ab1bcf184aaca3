package io.abk.billing.chain.domain.settlement;

/** The mode of the API key behind a request: test settles on the test chain (or the sandbox), live on the main one. */
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
