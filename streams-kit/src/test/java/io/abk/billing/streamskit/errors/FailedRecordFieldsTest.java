package io.abk.billing.streamskit.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/** The processing handlers' log lines keep the fields they had when each handler listed them itself. */
class FailedRecordFieldsTest {

    private static final ErrorHandlerContext CONTEXT = (ErrorHandlerContext) Proxy.newProxyInstance(
            ErrorHandlerContext.class.getClassLoader(),
            new Class<?>[] {ErrorHandlerContext.class},
            (proxy, method, args) -> switch (method.getName()) {
                case "processorNodeId" -> "decide";
                case "taskId" -> new TaskId(0, 3);
                case "topic" -> "billing.subscription-commands";
                case "partition" -> 3;
                case "offset" -> 42L;
                default -> throw new UnsupportedOperationException(method.getName());
            });

    @Test
    void shouldListThePositionKeyAndIdsWhenARecordFailed() {
        assertThat(FailedRecordFields.of(CONTEXT, new Record<>("sub_1", "value", 0L), "commandId=cmd_1"))
                .isEqualTo("node=decide task=0_3 topic=billing.subscription-commands partition=3 offset=42 key=sub_1"
                        + " commandId=cmd_1");
    }

    @Test
    void shouldShowANullKeyWhenAPunctuationFailed() {
        assertThat(FailedRecordFields.of(CONTEXT, null, ""))
                .isEqualTo("node=decide task=0_3 topic=billing.subscription-commands partition=3 offset=42 key=null ");
    }
}
