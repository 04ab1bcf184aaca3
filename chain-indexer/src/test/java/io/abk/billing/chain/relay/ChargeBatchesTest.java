package io.abk.billing.chain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChargeBatchesTest {

    @Test
    void shouldFillEachTransactionInOrderUpToTheChargesItTakes() {
        var charges = IntStream.range(0, 250).boxed().toList();

        var groups = ChargeBatches.group(charges);

        assertThat(groups).extracting(List::size).containsExactly(100, 100, 50);
        assertThat(groups.stream().flatMap(List::stream).toList()).isEqualTo(charges);
    }

    @Test
    void shouldMakeNoTransactionWithoutCharges() {
        assertThat(ChargeBatches.group(List.of())).isEmpty();
        assertThat(ChargeBatches.group(List.of(7))).containsExactly(List.of(7));
    }
}
