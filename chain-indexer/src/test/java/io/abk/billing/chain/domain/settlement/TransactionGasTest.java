package io.abk.billing.chain.domain.settlement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TransactionGasTest {

    @Test
    void shouldSplitATransactionsGasIntoSharesThatAddUpExactly() {
        var gas = TransactionGas.of(BigInteger.valueOf(1_000_003), BigInteger.valueOf(7));
        var shares = IntStream.range(0, 4).mapToObj(i -> gas.share(i, 4)).toList();

        assertThat(shares).extracting(TransactionGas::used).containsExactly(250_001L, 250_001L, 250_001L, 250_000L);
        assertThat(shares)
                .allSatisfy(share -> assertThat(share.costWei()).isEqualTo(BigInteger.valueOf(share.used() * 7)));
        assertThat(shares.stream().mapToLong(TransactionGas::used).sum()).isEqualTo(gas.used());
        assertThat(shares.stream().map(TransactionGas::costWei).reduce(BigInteger.ZERO, BigInteger::add))
                .isEqualTo(gas.costWei());
        assertThat(gas.share(0, 1)).isEqualTo(gas);
    }

    @Test
    void shouldRefuseASharePastTheCount() {
        var gas = TransactionGas.of(BigInteger.TEN, BigInteger.ONE);
        assertThatThrownBy(() -> gas.share(2, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> gas.share(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
