package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The system tests' real requests and answers, as {@link Call} logged them ({@link ExchangeLog}), against the API
 * description the gateway serves (its {@code openapi.json}), with a JSON Schema validator: every mismatch is listed
 * (route, status, request or response, JSON pointer, the validator's message, how often, one example). Which
 * described operations no test exercised is printed, not failed on.
 *
 * <p>It runs alone after every other class ({@code @Isolated}, {@link #ORDER}), so the log holds the whole run. Run alone, nothing was
 * logged in this JVM and it is skipped, saying so: it checks what the other system tests did and starts no stack.
 */
@Order(ApiConformanceIT.ORDER)
@Isolated
class ApiConformanceIT {

    /** After the other classes that run alone (the process and outage tests): every class that makes calls has run. */
    static final int ORDER = ChainStack.ORDER + 1;

    @Test
    void shouldMatchTheApiDescriptionWhenEveryRecordedExchangeIsChecked() {
        assumeTrue(
                ExchangeLog.recordedInThisRun() > 0,
                "ApiConformanceIT skipped: no system test made a call in this run, so there"
                        + " is nothing to check; run it with them, e.g. -Dit.test='PaymentsIT,ApiConformanceIT'");
        // given the exchanges of this run and the description
        var exchanges = ExchangeLog.read();
        var check = new ConformanceCheck(ApiDescription.load());

        // when each is checked
        check.check(exchanges);

        // then none disagrees with it
        System.out.println(check.coverage());
        var mismatches = check.mismatches();
        assertThat(mismatches)
                .as(
                        "%d kinds of mismatch between %d recorded exchanges (%s) and openapi.json:%n%s%n",
                        mismatches.size(),
                        exchanges.size(),
                        ExchangeLog.FILE.toAbsolutePath(),
                        String.join(System.lineSeparator(), mismatches))
                .isEmpty();
    }
}
