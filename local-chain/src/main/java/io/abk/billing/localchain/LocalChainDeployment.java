package io.abk.billing.localchain;

/**
 * Where the test token and the vault live on a development chain. Addresses are lower-case {@code 0x} hex.
 *
 * @param relayerAddress the only account the vault accepts charges from
 */
public record LocalChainDeployment(long chainId, String tokenAddress, String vaultAddress, String relayerAddress) {}
