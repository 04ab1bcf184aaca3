package io.abk.billing.streams.domain.tenant;

/** The mode of the API key behind an aggregate. Test and live data never mix. */
public enum Mode {
    TEST,
    LIVE
}
