package io.abk.billing.scheduler.domain;

/** The mode a resource lives in: test items follow their merchant's test clock, live items the wall clock. */
public enum Mode {
    TEST,
    LIVE
}
