package io.abk.billing.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** An aggregate's rejection as the API's status: a missing resource 404, a customer that exists 409, the rest 400. */
class RejectionsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"resource_missing, 404", "customer_exists, 409", "subscription_cancel_failed, 400"})
    void shouldAnswerTheRejectionsStatusWhenACommandIsRejected(String code, int status) {
        var outcome = new CommandOutcome("cmd_1", "mer_1", "test", "customer", "cus_1", false, code, "no", "[]", null);

        var error = Rejections.of(outcome);

        assertThat(error.status()).isEqualTo(status);
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.getMessage()).isEqualTo("no");
    }
}
