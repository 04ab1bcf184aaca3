package io.abk.billing.localchain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.exceptions.TransactionException;
import org.web3j.tx.response.PollingTransactionReceiptProcessor;
import org.web3j.utils.Numeric;

/**
 * Signed transactions and calls against a development chain, for deployment and tests: each transaction is first
 * estimated, so a revert surfaces as {@link TransactionRevertedException} with its data instead of a mined
 * failure, then signed (legacy, with the chain id), sent and waited for. Sequential use only: the nonce is read
 * from the chain for every transaction. The relayer has its own nonce manager; this is not it.
 */
public final class LocalChainTransactions {

    /** Receipts arrive at once with automine; the bound covers interval mining with a few seconds' block time. */
    private static final long RECEIPT_POLL_MILLIS = 20;

    private static final int RECEIPT_POLL_ATTEMPTS = 1_500;
    private static final Pattern REVERT_DATA = Pattern.compile("0x[0-9a-fA-F]*");

    private final Web3j web3j;
    private final long chainId;
    private final PollingTransactionReceiptProcessor receipts;

    public LocalChainTransactions(Web3j web3j, long chainId) {
        this.web3j = web3j;
        this.chainId = chainId;
        this.receipts = new PollingTransactionReceiptProcessor(web3j, RECEIPT_POLL_MILLIS, RECEIPT_POLL_ATTEMPTS);
    }

    /** Sends {@code data} to {@code to} from {@code from} and returns the successful receipt. */
    public TransactionReceipt send(Credentials from, String to, String data) {
        return submit(from, to, data);
    }

    /** Deploys {@code creationCode} (bytecode and constructor arguments) and returns the contract's address. */
    public String deploy(Credentials from, String creationCode) {
        TransactionReceipt receipt = submit(from, null, creationCode);
        return Optional.ofNullable(receipt.getContractAddress())
                .orElseThrow(() -> new IllegalStateException("deployment receipt without contract address"))
                .toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code eth_call} at the latest block; the raw return data, {@code 0x} hex. */
    public String call(String to, String data) {
        try {
            var result = web3j.ethCall(
                            Transaction.createEthCallTransaction(null, to, data), DefaultBlockParameterName.LATEST)
                    .send();
            if (result.hasError()) {
                throw reverted("eth_call", result.getError());
            }
            return result.getValue();
        } catch (IOException e) {
            throw new UncheckedIOException("eth_call failed", e);
        }
    }

    private TransactionReceipt submit(Credentials from, @Nullable String to, String data) {
        try {
            var estimate = web3j.ethEstimateGas(new Transaction(from.getAddress(), null, null, null, to, null, data))
                    .send();
            if (estimate.hasError()) {
                throw reverted("eth_estimateGas", estimate.getError());
            }
            // A quarter more than estimated: estimates are exact on anvil, the margin covers state moving in between.
            BigInteger gasLimit =
                    estimate.getAmountUsed().multiply(BigInteger.valueOf(5)).divide(BigInteger.valueOf(4));
            BigInteger nonce = web3j.ethGetTransactionCount(from.getAddress(), DefaultBlockParameterName.PENDING)
                    .send()
                    .getTransactionCount();
            BigInteger gasPrice = web3j.ethGasPrice().send().getGasPrice();
            RawTransaction raw = to == null
                    ? RawTransaction.createContractTransaction(nonce, gasPrice, gasLimit, BigInteger.ZERO, data)
                    : RawTransaction.createTransaction(nonce, gasPrice, gasLimit, to, BigInteger.ZERO, data);
            String signed = Numeric.toHexString(TransactionEncoder.signMessage(raw, chainId, from));
            EthSendTransaction sent = web3j.ethSendRawTransaction(signed).send();
            if (sent.hasError()) {
                throw reverted("eth_sendRawTransaction", sent.getError());
            }
            TransactionReceipt receipt = receipts.waitForTransactionReceipt(sent.getTransactionHash());
            if (!receipt.isStatusOK()) {
                throw new TransactionRevertedException(
                        "transaction failed txHash=" + receipt.getTransactionHash(), "0x");
            }
            return receipt;
        } catch (IOException e) {
            throw new UncheckedIOException("JSON-RPC request failed", e);
        } catch (TransactionException e) {
            throw new IllegalStateException("no receipt: " + e.getMessage(), e);
        }
    }

    private static TransactionRevertedException reverted(String method, Response.Error error) {
        // web3j keeps the error's data as JSON text: a quoted hex string from anvil and most nodes.
        String data = error.getData();
        Matcher hex = data == null ? null : REVERT_DATA.matcher(data);
        String revertData = hex != null && hex.find() ? hex.group() : "0x";
        return new TransactionRevertedException(method + " refused: " + error.getMessage(), revertData);
    }
}
