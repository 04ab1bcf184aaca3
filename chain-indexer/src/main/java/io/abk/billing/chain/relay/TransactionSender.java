package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeeDecision;
import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.utils.Numeric;

/**
 * Signs and sends the relayer's transactions (EIP-1559, with the chain id) and waits for them to be mined. A
 * transaction not mined within the receipt timeout is replaced with the same nonce and fees raised within the caps,
 * at most {@value #MAX_REPLACEMENTS} times; after that it is reported as not mined, and the nonce manager reads
 * the chain again. The key stays inside {@link Credentials} and is never logged.
 */
final class TransactionSender {

    private static final Logger log = LoggerFactory.getLogger(TransactionSender.class);
    /** Two replacements: a fee spike that outruns two 12.5% raises is past what the caps are there to pay. */
    static final int MAX_REPLACEMENTS = 2;
    /**
     * The first look for a receipt comes this soon after sending (a development chain mines at once), and each next
     * one twice as late, up to {@link #RECEIPT_POLL}.
     */
    private static final Duration FIRST_RECEIPT_POLL = Duration.ofMillis(20);
    /** Frequent enough to notice a mined transaction within a quarter of a second on a 2 s chain. */
    private static final Duration RECEIPT_POLL = Duration.ofMillis(250);

    /** The outcome of waiting: a receipt, or nothing after every replacement. */
    sealed interface Awaited {
        record Mined(MinedReceipt receipt) implements Awaited {}

        record NotMined(String reason) implements Awaited {}
    }

    private final RelayerRpc rpc;
    private final long chainId;
    private final Credentials credentials;
    private final NonceManager nonces;
    private final ReceiptLookups receipts;
    private final FeePolicy fees;
    private final Duration receiptTimeout;

    TransactionSender(RelayerRpc rpc, long chainId, Credentials credentials, FeePolicy fees, Duration receiptTimeout) {
        this.rpc = rpc;
        this.chainId = chainId;
        this.credentials = credentials;
        this.nonces = new NonceManager(rpc, credentials.getAddress());
        this.receipts = new ReceiptLookups(rpc);
        this.fees = fees;
        this.receiptTimeout = receiptTimeout;
    }

    /** The relayer's account, lower case. */
    String address() {
        return credentials.getAddress().toLowerCase(java.util.Locale.ROOT);
    }

    FeePolicy feePolicy() {
        return fees;
    }

    /**
     * Sends with the next nonce. A node that refuses the nonce (too low after a transaction sent elsewhere, or a
     * gap) makes the manager read the chain and the transaction go once more with the nonce it gives.
     */
    SentTransaction send(String to, String data, Fees fees) {
        try {
            return sendOnce(nonces.allocate(), to, data, fees);
        } catch (RpcErrorException refused) {
            nonces.release();
            if (!refused.nonceProblem()) {
                nonces.invalidate();
                throw refused;
            }
            log.info("event=nonce_resync chainId={} reason=send_refused", chainId);
            nonces.resync();
            try {
                return sendOnce(nonces.allocate(), to, data, fees);
            } catch (RuntimeException again) {
                nonces.release();
                nonces.invalidate();
                throw again;
            }
        } catch (RuntimeException unreachable) {
            nonces.release();
            nonces.invalidate();
            throw unreachable;
        }
    }

    /** Waits for {@code sent} to be mined, replacing it when it is stuck; its nonce is no longer in flight after. */
    Awaited await(SentTransaction sent) {
        try {
            return awaitMined(sent);
        } finally {
            nonces.release();
        }
    }

    private Awaited awaitMined(SentTransaction sent) {
        var current = sent;
        for (int replacements = 0; ; replacements++) {
            var receipt = poll(current, System.nanoTime() + receiptTimeout.toNanos());
            if (receipt.isPresent()) {
                return new Awaited.Mined(receipt.get());
            }
            if (replacements == MAX_REPLACEMENTS) {
                break;
            }
            var replacement = replace(current);
            if (replacement.isEmpty()) {
                break;
            }
            current = replacement.get();
        }
        nonces.invalidate();
        var last = current;
        // A last look: one of the versions may have been mined at the very end.
        return poll(last, 0)
                .<Awaited>map(Awaited.Mined::new)
                .orElseGet(() -> new Awaited.NotMined("The transaction was not mined within "
                        + receiptTimeout.multipliedBy(last.versions().size()).toSeconds() + " s ("
                        + last.versions().size() + " fee levels); a retry is safe"));
    }

    private Optional<SentTransaction> replace(SentTransaction current) {
        var bumped = fees.bump(current.latest().fees(), rpc.head().baseFeePerGas());
        if (bumped instanceof FeeDecision.OverCap overCap) {
            log.warn(
                    "event=replacement_refused chainId={} nonce={} txHash={} reason=\"{}\"",
                    chainId,
                    current.nonce(),
                    current.latest().txHash(),
                    overCap.reason());
            return Optional.empty();
        }
        var raised = (Fees) bumped;
        try {
            var signed = sign(current.nonce(), current.to(), current.data(), raised);
            submit(signed);
            var version = signed.version();
            log.info(
                    "event=transaction_replaced chainId={} nonce={} txHash={} maxFeePerGas={} maxPriorityFeePerGas={}",
                    chainId,
                    current.nonce(),
                    version.txHash(),
                    raised.maxFeePerGas(),
                    raised.maxPriorityFeePerGas());
            return Optional.of(current.replacedBy(version));
        } catch (RpcErrorException refused) {
            // Nonce too low: one of the versions was mined meanwhile, which the next poll finds.
            log.info(
                    "event=replacement_not_sent chainId={} nonce={} reason=\"{}\"",
                    chainId,
                    current.nonce(),
                    refused.getMessage());
            return Optional.of(current);
        }
    }

    private Optional<MinedReceipt> poll(SentTransaction sent, long deadlineNanos) {
        var wait = FIRST_RECEIPT_POLL;
        while (true) {
            var receipt = receipts.first(sent.versions().stream()
                    .map(SentTransaction.Version::txHash)
                    .toList());
            if (receipt.isPresent()) {
                return receipt;
            }
            if (System.nanoTime() >= deadlineNanos) {
                return Optional.empty();
            }
            try {
                Thread.sleep(wait);
                wait = wait.multipliedBy(2).compareTo(RECEIPT_POLL) > 0 ? RECEIPT_POLL : wait.multipliedBy(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    private SentTransaction sendOnce(BigInteger nonce, String to, String data, Fees fees) {
        var signed = sign(nonce, to, data, fees);
        submit(signed);
        return new SentTransaction(nonce, to, data, List.of(signed.version()), System.nanoTime());
    }

    /** A signed transaction: its hash (computed here, so a send whose answer was lost is still known) and bytes. */
    private record Signed(SentTransaction.Version version, String raw) {}

    private Signed sign(BigInteger nonce, String to, String data, Fees fees) {
        var raw = RawTransaction.createTransaction(
                chainId,
                nonce,
                fees.gasLimit(),
                to,
                BigInteger.ZERO,
                data,
                fees.maxPriorityFeePerGas(),
                fees.maxFeePerGas());
        var bytes = TransactionEncoder.signMessage(raw, credentials);
        return new Signed(
                new SentTransaction.Version(Numeric.toHexString(Hash.sha3(bytes)), fees), Numeric.toHexString(bytes));
    }

    /** Sends; a node that already has this very transaction (a retried send) counts as sent. */
    private void submit(Signed signed) {
        try {
            rpc.sendRawTransaction(signed.raw());
        } catch (RpcErrorException refused) {
            if (!refused.alreadyKnown()) {
                throw refused;
            }
            log.info(
                    "event=transaction_already_known chainId={} txHash={}",
                    chainId,
                    signed.version().txHash());
        }
    }
}
