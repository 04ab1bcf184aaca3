package io.abk.billing.streams.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandHeaderTest {

    private static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");

    /** Every aggregate's envelope, as the services build it: the header reads each the same way. */
    static Stream<Arguments> envelopes() {
        return Stream.of(
                Arguments.of(
                        AggregateEnvelope.SUBSCRIPTION.command(
                                "cmd_1", "sub_1", "mer_1", Mode.TEST, AT, "req_1", new CancelSubscription(true)),
                        "sub_1",
                        "CancelSubscription"),
                Arguments.of(
                        AggregateEnvelope.PAYMENT.command(
                                "cmd_1", "pay_1", "mer_1", Mode.TEST, AT, "req_1", new ConfirmPayment("0xab")),
                        "pay_1",
                        "ConfirmPayment"),
                Arguments.of(
                        AggregateEnvelope.PAYMENT_LINK.command(
                                "cmd_1", "plink_1", "mer_1", Mode.TEST, AT, "req_1", new DisablePaymentLink()),
                        "plink_1",
                        "DisablePaymentLink"));
    }

    @ParameterizedTest
    @MethodSource("envelopes")
    void shouldReadTheSameFieldsWhenReadingAnyAggregatesEnvelope(SpecificRecord envelope, String id, String type) {
        var header = CommandHeader.of(envelope);

        assertThat(header).isEqualTo(new CommandHeader("cmd_1", id, "mer_1", Mode.TEST, AT, "req_1", type));
        assertThat(header.tenant()).isEqualTo(new Tenant("mer_1", io.abk.billing.schemas.mode.Mode.TEST));
    }

    @Test
    void shouldThrowWhenReadingARecordThatIsNoCommandEnvelope() {
        assertThatThrownBy(() -> CommandHeader.of(new Rejection("code", "message")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a command envelope");
    }

    @Test
    void shouldNameTheAggregateIdAsAskedWhenWritingItsLogFields() {
        var header = new CommandHeader("cmd_1", "pay_1", "mer_1", Mode.TEST, AT, null, "ConfirmPayment");

        assertThat(header.logFields("paymentId"))
                .isEqualTo("paymentId=pay_1 merchantId=mer_1 mode=TEST commandId=cmd_1");
    }
}
