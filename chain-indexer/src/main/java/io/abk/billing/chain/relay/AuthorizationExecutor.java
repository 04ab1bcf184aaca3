package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.AuthorizationFacts;
import io.abk.billing.chain.domain.relay.AuthorizationPreflight;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.TokenUnits;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.Answer;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.chain.relay.RelayerRpc.Read;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.EvmHex;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.TokenRevert;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An EIP-3009 {@code transferWithAuthorization} of the chain's USDC: from the request's wallet (the signer) to its
 * payout address, of its amount, with the nonce and window the customer signed. The preflight
 * ({@link AuthorizationPreflight}) reads the token, a simulation names FiatToken's reason for anything else, then the
 * transaction, paid by the relayer: the customer needs no ETH. An authorization the token marks used is answered with
 * the transaction whose {@code AuthorizationUsed} names it (an earlier submission of this request, or the customer's
 * own), found from {@code searchFromBlock} on.
 */
final class AuthorizationExecutor {

    private final RelayerRpc rpc;
    private final String token;
    private final String relayer;
    private final int decimals;
    private final long searchFromBlock;

    AuthorizationExecutor(RelayerRpc rpc, String token, String relayer, int decimals, long searchFromBlock) {
        this.rpc = rpc;
        this.token = EvmHex.address(token, "token");
        this.relayer = relayer;
        this.decimals = decimals;
        this.searchFromBlock = searchFromBlock;
    }

    Step prepare(ChainRequest request, ChainHead head) {
        var payload = (TransferAuthorizationRequest) request.getPayload();
        var value = TokenUnits.fromMicros(request.getAmountMicros(), decimals);
        var from = request.getWalletAddress();
        if (value.isEmpty() || from == null) {
            return answered(RelayOutcome.Refused.of(
                    FailureCode.RELAYER_ERROR,
                    value.isEmpty()
                            ? "The token cannot carry " + request.getAmountMicros() + " micro-USDC exactly"
                            : "The authorization names no payer"));
        }
        try {
            Signatures.split(payload.getSignature());
        } catch (IllegalArgumentException malformed) {
            return answered(RelayOutcome.Refused.of(
                    FailureCode.SIGNATURE_INVALID, "The customer's signature is malformed: " + malformed.getMessage()));
        }
        String data;
        try {
            data = data(request, value.get());
        } catch (IllegalArgumentException malformed) {
            return answered(RelayOutcome.Refused.of(
                    FailureCode.RELAYER_ERROR, "The authorization cannot be submitted: " + malformed.getMessage()));
        }
        var reads = rpc.read(List.of(
                Read.call(null, token, PermitTokenAbi.authorizationState(from, payload.getNonce())),
                Read.call(null, token, Erc20Abi.balanceOf(from)),
                Read.call(relayer, token, data),
                Read.estimate(relayer, token, data)));
        var facts = new AuthorizationFacts(
                PermitTokenAbi.decodeBool(reads.get(0).orThrow()),
                Instant.ofEpochSecond(head.timestamp()),
                payload.getValidAfterSeconds(),
                payload.getValidBeforeSeconds(),
                VaultReader.uint(reads.get(1)),
                value.get(),
                decimals);
        return switch (AuthorizationPreflight.decide(facts)) {
            case Preflight.AlreadyDone done -> answered(original(from, payload.getNonce(), head.number()));
            case Preflight.Refuse refuse -> answered(RelayOutcome.Refused.of(refuse.code(), refuse.message()));
            case Preflight.Clear clear ->
                reverted(reads.get(2))
                        .map(this::refusal)
                        .<Step>map(AuthorizationExecutor::answered)
                        .orElseGet(() -> new Step.Send(token, data, FeePolicy.gasLimit(VaultReader.gas(reads.get(3)))));
        };
    }

    /**
     * A mined submission: moved, or (status 0) the token's reason when it is run again (a used nonce answered with the
     * transaction that used it); a refusal carries the reverted transaction's gas.
     */
    RelayOutcome mined(ChainRequest request, MinedReceipt receipt, ChainHead head) {
        if (receipt.succeeded()) {
            return new RelayOutcome.Moved(receipt.txHash(), receipt.gas());
        }
        var payload = (TransferAuthorizationRequest) request.getPayload();
        var value = TokenUnits.fromMicros(request.getAmountMicros(), decimals).orElseThrow();
        var from = String.valueOf(request.getWalletAddress());
        var revert = reverted(answer(Read.call(relayer, token, data(request, value))));
        if (revert.isPresent()
                && PermitTokenAbi.decodeRevert(revert.get()).reason() == TokenRevert.Reason.AUTHORIZATION_USED) {
            var original = original(from, payload.getNonce(), head.number());
            if (original instanceof RelayOutcome.Moved) {
                return original;
            }
        }
        var outcome = revert.map(this::refusal)
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.RELAYER_ERROR,
                        "Transaction " + receipt.txHash()
                                + " reverted on chain for a reason that has passed; a retry may succeed"));
        return outcome.withGas(receipt.gas());
    }

    /** The transaction whose {@code AuthorizationUsed(from, nonce)} the token logged, if it did (else it was canceled). */
    private RelayOutcome original(String from, String nonce, long head) {
        var authorizer = "0x" + "0".repeat(24) + EvmHex.address(from, "from").substring(2);
        var topics = Arrays.<@Nullable String>asList(PermitTokenAbi.AUTHORIZATION_USED_TOPIC, authorizer, nonce);
        return rpc.logs(token, topics, searchFromBlock, head).stream()
                .filter(log -> log.address().equalsIgnoreCase(token))
                .findFirst()
                .<RelayOutcome>map(log -> new RelayOutcome.Moved(log.txHash()))
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.AUTHORIZATION_USED,
                        "The token marks the customer's authorization used or canceled, and no transfer used it"));
    }

    private String data(ChainRequest request, BigInteger value) {
        var payload = (TransferAuthorizationRequest) request.getPayload();
        return PermitTokenAbi.transferWithAuthorization(
                String.valueOf(request.getWalletAddress()),
                request.getPayoutAddress(),
                value,
                BigInteger.valueOf(payload.getValidAfterSeconds()),
                BigInteger.valueOf(payload.getValidBeforeSeconds()),
                payload.getNonce(),
                payload.getSignature());
    }

    private RelayOutcome.Refused refusal(String revertData) {
        var refuse = AuthorizationPreflight.refusal(PermitTokenAbi.decodeRevert(revertData));
        return RelayOutcome.Refused.of(refuse.code(), refuse.message());
    }

    /** The revert data of a simulation that reverted; empty when it would succeed. */
    private static Optional<String> reverted(Answer simulation) {
        var error = simulation.error();
        return error == null ? Optional.empty() : Optional.of(error.revertData());
    }

    private Answer answer(Read read) {
        return rpc.read(List.of(read)).getFirst();
    }

    private static Step answered(RelayOutcome outcome) {
        return new Step.Answered(outcome);
    }
}
