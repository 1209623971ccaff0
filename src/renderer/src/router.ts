import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import StartView from './views/StartView.vue'
import RecoveryView from './views/RecoveryView.vue'
import CampaignLayout from './layouts/CampaignLayout.vue'
import DashboardView from './views/DashboardView.vue'
import LogView from './views/LogView.vue'
import PeopleView from './views/PeopleView.vue'
import PersonView from './views/PersonView.vue'
import LedgerView from './views/LedgerView.vue'
import FleetView from './views/FleetView.vue'
import ShipyardView from './views/ShipyardView.vue'
import ShipView from './views/ShipView.vue'
import RulesView from './views/RulesView.vue'
import BattlesView from './views/BattlesView.vue'
import SkirmishView from './views/SkirmishView.vue'
import BattleView from './views/BattleView.vue'
import PortsView from './views/PortsView.vue'
import PortView from './views/PortView.vue'
import ChartView from './views/ChartView.vue'
import VoyageView from './views/VoyageView.vue'
import UpcomingView from './views/UpcomingView.vue'
import CompaniesView from './views/CompaniesView.vue'
import CompanyView from './views/CompanyView.vue'
import { PAGES } from '../../shared/pages'

const upcoming: RouteRecordRaw[] = PAGES.filter((p) => p.upcoming).map((p) => ({
  path: p.path,
  name: p.key,
  component: UpcomingView,
  props: { page: p.key }
}))

export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', name: 'start', component: StartView },
    { path: '/recovery', name: 'recovery', component: RecoveryView },
    {
      path: '/campaign',
      component: CampaignLayout,
      children: [
        { path: '', redirect: { name: 'dashboard' } },
        { path: 'dashboard', name: 'dashboard', component: DashboardView },
        { path: 'people', name: 'people', component: PeopleView },
        { path: 'people/:id(\\d+)', name: 'person', component: PersonView, meta: { page: 'people' } },
        { path: 'fleet', name: 'fleet', component: FleetView },
        // A ship's sheet belongs to the Fleet page (meta.page: the sidebar entry it lights up).
        { path: 'fleet/:id(\\d+)', name: 'ship', component: ShipView, meta: { page: 'fleet' } },
        { path: 'battles', name: 'battles', component: BattlesView },
        { path: 'battles/new', name: 'skirmish', component: SkirmishView, meta: { page: 'battles' } },
        { path: 'battles/:id(\\d+)', name: 'battle', component: BattleView, meta: { page: 'battles' } },
        { path: 'shipyard', name: 'shipyard', component: ShipyardView },
        { path: 'ports', name: 'ports', component: PortsView },
        { path: 'ports/:id(\\d+)', name: 'port', component: PortView, meta: { page: 'ports' } },
        { path: 'chart', name: 'chart', component: ChartView },
        { path: 'voyages/:id(\\d+)', name: 'voyage', component: VoyageView, meta: { page: 'chart' } },
        { path: 'companies', name: 'companies', component: CompaniesView },
        { path: 'companies/:id(\\d+)', name: 'company', component: CompanyView, meta: { page: 'companies' } },
        { path: 'ledger', name: 'ledger', component: LedgerView },
        { path: 'log', name: 'log', component: LogView },
        { path: 'rules', name: 'rules', component: RulesView },
        ...upcoming
      ]
    },
    { path: '/:rest(.*)*', redirect: '/' }
  ]
})
