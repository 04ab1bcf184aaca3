package io.abk.billing.chain.relay;

import io.abk.billing.chainrpc.NodeErrors;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcClient;
import io.abk.billing.chainrpc.RpcErrorException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthGetTransactionReceipt;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.utils.Numeric;

/**
 * {@link RelayerRpc} over the shared {@link RpcClient}: failover across the chain's URLs, retried with backoff until
 * {@code retryBudget} has passed, then {@link io.abk.billing.chainrpc.RpcUnavailableException}. A JSON-RPC error is the
 * node's answer (a revert, a nonce used, a transaction known), thrown as {@link RpcErrorException} without asking
 * another URL.
 */
public final class Web3jRelayerRpc implements RelayerRpc {

    private final RpcClient rpc;

    public Web3jRelayerRpc(String chainName, List<String> rpcUrls, Duration retryBudget) {
        this.rpc = RpcClient.connect(chainName, rpcUrls, RpcBudget.relayer(retryBudget));
    }

    @Override
    public ChainHead head() {
        var block = send(
                        "eth_getBlockByNumber",
                        web3j -> web3j.ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false))
                .getBlock();
        var baseFee = block.getBaseFeePerGas();
        return new ChainHead(
                block.getNumber().longValueExact(),
                RpcClient.lower(block.getHash()),
                block.getTimestamp().longValueExact(),
                baseFee == null ? BigInteger.ZERO : baseFee);
    }

    @Override
    public Optional<MinedBlock> block(long number) {
        var block = send(
                        "eth_getBlockByNumber",
                        web3j -> web3j.ethGetBlockByNumber(
                                DefaultBlockParameter.valueOf(BigInteger.valueOf(number)), false))
                .getBlock();
        return Optional.ofNullable(block)
                .map(found -> new MinedBlock(
                        RpcClient.lower(found.getHash()), found.getTimestamp().longValueExact()));
    }

    @Override
    public BigInteger pendingNonce(String address) {
        return transactionCount(address, DefaultBlockParameterName.PENDING);
    }

    @Override
    public BigInteger minedNonce(String address) {
        return transactionCount(address, DefaultBlockParameterName.LATEST);
    }

    private BigInteger transactionCount(String address, DefaultBlockParameterName block) {
        return send("eth_getTransactionCount", web3j -> web3j.ethGetTransactionCount(address, block))
                .getTransactionCount();
    }

    @Override
    public BigInteger suggestedPriorityFee() {
        return send("eth_maxPriorityFeePerGas", Web3j::ethMaxPriorityFeePerGas).getMaxPriorityFeePerGas();
    }

    @Override
    public String call(@Nullable String from, String to, String data) {
        return send(
                        "eth_call",
                        web3j -> web3j.ethCall(
                                Transaction.createEthCallTransaction(from, to, data), DefaultBlockParameterName.LATEST))
                .getValue();
    }

    @Override
    public BigInteger estimateGas(String from, String to, String data) {
        return send(
                        "eth_estimateGas",
                        web3j -> web3j.ethEstimateGas(Transaction.createEthCallTransaction(from, to, data)))
                .getAmountUsed();
    }

    @Override
    public List<Answer> read(List<Read> reads) {
        if (reads.isEmpty()) {
            return List.of();
        }
        var responses = rpc.batch("batch", NodeErrors.THROW, reads.size(), (web3j, i) -> {
            var read = reads.get(i);
            var transaction = Transaction.createEthCallTransaction(read.from(), read.to(), read.data());
            if (read.estimate()) {
                return web3j.ethEstimateGas(transaction);
            }
            return web3j.ethCall(
                    transaction,
                    read.block() == null
                            ? DefaultBlockParameterName.LATEST
                            : DefaultBlockParameter.valueOf(BigInteger.valueOf(read.block())));
        });
        var answers = new ArrayList<Answer>(reads.size());
        for (int i = 0; i < reads.size(); i++) {
            var response = responses.get(i);
            var method = reads.get(i).estimate() ? "eth_estimateGas" : "eth_call";
            try {
                answers.add(new Answer(String.valueOf(RpcClient.result(method, response)), null));
            } catch (RpcErrorException error) {
                answers.add(new Answer(null, error));
            }
        }
        return answers;
    }

    @Override
    public String sendRawTransaction(String signedTransaction) {
        return RpcClient.lower(send("eth_sendRawTransaction", web3j -> web3j.ethSendRawTransaction(signedTransaction))
                .getTransactionHash());
    }

    @Override
    public Optional<MinedReceipt> receipt(String txHash) {
        return send("eth_getTransactionReceipt", web3j -> web3j.ethGetTransactionReceipt(txHash))
                .getTransactionReceipt()
                .map(Web3jRelayerRpc::receipt);
    }

    @Override
    public List<Optional<MinedReceipt>> receipts(List<String> txHashes) {
        if (txHashes.isEmpty()) {
            return List.of();
        }
        var responses = rpc.batch(
                "batch",
                NodeErrors.THROW,
                txHashes.size(),
                (web3j, i) -> web3j.ethGetTransactionReceipt(txHashes.get(i)));
        var receipts = new ArrayList<Optional<MinedReceipt>>(txHashes.size());
        for (var response : responses) {
            receipts.add(((EthGetTransactionReceipt) RpcClient.checked("eth_getTransactionReceipt", response))
                    .getTransactionReceipt()
                    .map(Web3jRelayerRpc::receipt));
        }
        return receipts;
    }

    @Override
    public List<ChainLog> logs(String address, List<@Nullable String> topics, long fromBlock, long toBlock) {
        var filter = new EthFilter(
                DefaultBlockParameter.valueOf(BigInteger.valueOf(fromBlock)),
                DefaultBlockParameter.valueOf(BigInteger.valueOf(toBlock)),
                address);
        for (var topic : topics) {
            if (topic == null) {
                filter.addNullTopic();
            } else {
                filter.addSingleTopic(topic);
            }
        }
        var logs = new ArrayList<ChainLog>();
        for (EthLog.LogResult<?> entry :
                send("eth_getLogs", web3j -> web3j.ethGetLogs(filter)).getLogs()) {
            if (entry.get() instanceof Log found) {
                logs.add(log(found));
            }
        }
        return logs;
    }

    @Override
    public void setNextBlockTimestamp(long epochSeconds) {
        rpc.raw("evm_setNextBlockTimestamp", List.of(epochSeconds), NodeErrors.THROW);
    }

    @Override
    public void mine() {
        rpc.raw("evm_mine", List.of(), NodeErrors.THROW);
    }

    @Override
    public void close() {
        rpc.close();
    }

    /** The answer of the first URL that answers; the node's error answer thrown as {@link RpcErrorException}. */
    private <T extends Response<?>> T send(String method, RequestOf<T> request) {
        return rpc.call(
                method,
                NodeErrors.THROW,
                web3j -> RpcClient.checked(method, request.on(web3j).send()));
    }

    private static MinedReceipt receipt(TransactionReceipt receipt) {
        return new MinedReceipt(
                RpcClient.lower(receipt.getTransactionHash()),
                receipt.getBlockNumber().longValueExact(),
                RpcClient.lower(receipt.getBlockHash()),
                receipt.isStatusOK(),
                receipt.getGasUsed(),
                effectiveGasPrice(receipt),
                receipt.getLogs().stream().map(Web3jRelayerRpc::log).toList());
    }

    /**
     * The receipt's {@code effectiveGasPrice} (every EIP-1559 node answers it); a node that leaves it out is asked
     * nothing more: the cost is then unknown, and zero is recorded rather than a guess.
     */
    private static BigInteger effectiveGasPrice(TransactionReceipt receipt) {
        var price = receipt.getEffectiveGasPrice();
        return price == null || price.isBlank() ? BigInteger.ZERO : Numeric.decodeQuantity(price);
    }

    private static ChainLog log(Log log) {
        return new ChainLog(
                RpcClient.lower(log.getAddress()),
                log.getTopics().stream().map(RpcClient::lower).toList(),
                log.getData() == null ? "0x" : log.getData(),
                RpcClient.lower(log.getTransactionHash()),
                log.getBlockNumber().longValueExact());
    }

    /** One request, made with the web3j of the URL being tried. */
    @FunctionalInterface
    private interface RequestOf<T extends Response<?>> {
        Request<?, T> on(Web3j web3j);
    }
}
