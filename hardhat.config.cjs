/* global require, module */
/**
 * Hardhat 2 runs only as the local test chain here (`hardhat node`, see test-support/local-chain.ts);
 * the contracts are compiled by scripts/compile-contracts.ts with solc-js. `.cjs` because the
 * package is an ES module and Hardhat 2 loads its config with `require`.
 *
 * The machine has no internet besides the npm registry, so Hardhat must never try to download a
 * compiler: should anyone run `hardhat compile`, the solc build is the installed solc-js package,
 * with the same settings as scripts/compile-contracts.ts, and its output goes under node_modules
 * instead of new folders in the repository.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { subtask } = require('hardhat/config');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require('hardhat/builtin-tasks/task-names');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const solcPackage = require('solc/package.json');

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async ({ solcVersion }) => {
  if (solcVersion !== solcPackage.version) {
    throw new Error(`only solc-js ${solcPackage.version} is installed, not ${solcVersion}`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const longVersion = require('solc').version();
  return {
    version: solcVersion,
    longVersion,
    compilerPath: require.resolve('solc/soljson.js'),
    isSolcJs: true,
  };
});

module.exports = {
  solidity: {
    version: solcPackage.version,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris' },
  },
  paths: {
    cache: 'node_modules/.cache/hardhat/cache',
    artifacts: 'node_modules/.cache/hardhat/artifacts',
  },
  networks: { hardhat: { chainId: 31337 } },
};
