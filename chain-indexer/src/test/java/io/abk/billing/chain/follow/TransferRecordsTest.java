package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.follow.ChainLog;
import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.chain.domain.follow.LogSelection;
import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.mode.Mode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The follower's records of an EIP-3009 transfer, selected with the contracts' real event topics. */
class TransferRecordsTest {

    private static final String USDC = "0x" + "aa".repeat(20);
    private static final String PAYER = "0x" + "11".repeat(20);
    private static final String PAYOUT = "0x" + "22".repeat(20);
    private static final String TX = "0x" + "c0".repeat(32);
    private static final String BLOCK = "0x" + "b1".repeat(32);

    @Test
    void shouldPublishTheAuthorizationNonceAndRetractTheSameRecordWithIt() {
        // Guards against a retraction that loses the nonce: readers undo exactly the record they were told.
        var nonce = AuthorizationNonce.of("pay_01jvqz0000000000000000000p");
        var selection = new LogSelection(List.of(new FollowedToken("USDC", USDC, 6)), null, TransferRecords.TOPICS);
        var logs = List.of(
                new ChainLog(
                        USDC,
                        List.of(PermitTokenAbi.AUTHORIZATION_USED_TOPIC, pad(PAYER), nonce),
                        "0x",
                        7,
                        BLOCK,
                        TX,
                        0),
                new ChainLog(
                        USDC,
                        List.of(Erc20Abi.TRANSFER_TOPIC, pad(PAYER), pad(PAYOUT)),
                        "0x" + "0".repeat(58) + "989680",
                        7,
                        BLOCK,
                        TX,
                        1));

        var selected = selection.selectAll(logs, Set.of(PAYOUT)::contains, address -> false);
        var published = TransferRecords.of(31_337, Mode.TEST, selected.getFirst(), 1_777_000_000L);
        var retracted = TransferRecords.retraction(published);

        assertThat(selection.topic0s()).contains(PermitTokenAbi.AUTHORIZATION_USED_TOPIC);
        assertThat(selected).hasSize(1);
        var token = (TokenTransfer) published.getPayload();
        assertThat(token.getAuthorizationNonce()).isEqualTo(nonce);
        assertThat(token.getAmountBaseUnits()).isEqualTo("10000000");
        assertThat(published.getLogIndex()).isEqualTo(1);
        assertThat(retracted.getRetracted()).isTrue();
        assertThat(retracted.getPayload()).isEqualTo(published.getPayload());
        assertThat(TransferRecords.key(retracted)).isEqualTo(TransferRecords.key(published));
    }

    private static String pad(String address) {
        return "0x" + "0".repeat(24) + address.substring(2);
    }
}
