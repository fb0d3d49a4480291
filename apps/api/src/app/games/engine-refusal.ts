import { InvalidInputError } from '../common/domain-error';

/** The engine refused the input (already validated, so this names a rule, e.g. a p = 0 guess). */
export class GameEngineRefusal extends InvalidInputError {}
