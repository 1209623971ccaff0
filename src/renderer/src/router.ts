import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import StartView from './views/StartView.vue'
import { PAGES } from '../../shared/pages'

// Every page but the start screen loads with its route (its own chunk), so the
// first screen needs only its own code; the boards, charts and plots come with the pages that draw them.
const CampaignLayout = () => import('./layouts/CampaignLayout.vue')
const RecoveryView = () => import('./views/RecoveryView.vue')
const DashboardView = () => import('./views/DashboardView.vue')
const LogView = () => import('./views/LogView.vue')
const PeopleView = () => import('./views/PeopleView.vue')
const PersonView = () => import('./views/PersonView.vue')
const LedgerView = () => import('./views/LedgerView.vue')
const FleetView = () => import('./views/FleetView.vue')
const ShipyardView = () => import('./views/ShipyardView.vue')
const ShipView = () => import('./views/ShipView.vue')
const RulesView = () => import('./views/RulesView.vue')
const BattlesView = () => import('./views/BattlesView.vue')
const SkirmishView = () => import('./views/SkirmishView.vue')
const GalleysSetupView = () => import('./views/GalleysSetupView.vue')
const BattleView = () => import('./views/BattleView.vue')
const PortsView = () => import('./views/PortsView.vue')
const PortView = () => import('./views/PortView.vue')
const ChartView = () => import('./views/ChartView.vue')
const VoyageView = () => import('./views/VoyageView.vue')
const UpcomingView = () => import('./views/UpcomingView.vue')
const CompaniesView = () => import('./views/CompaniesView.vue')
const CompanyView = () => import('./views/CompanyView.vue')

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
        { path: 'battles/new/galleys', name: 'galleysSetup', component: GalleysSetupView, meta: { page: 'battles' } },
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
