package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.verification.VerificationFailure;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Every failure chain-indexer answers a payment's verification with reaches a checkout confirm as its 400's code, so
 * each is one of the API's documented error codes (openapi.json's {@code ErrorCode}, hence docs/api.md).
 */
class ChainErrorCodesTest {

    @Test
    void shouldDocumentEveryVerificationFailureAsAnErrorCodeOfTheApi() {
        // Protects against a new chain failure (PAYMENT_TX_TOO_OLD) answered by the API but missing from its reference.
        var documented = ApiDescription.load()
                .locate("/components/schemas/ErrorCode")
                .orElseThrow()
                .node()
                .path("enum")
                .valueStream()
                .map(code -> code.asString())
                .toList();

        assertThat(documented)
                .containsAll(Arrays.stream(VerificationFailure.values())
                        .map(VerificationFailure::name)
                        .toList());
    }
}
